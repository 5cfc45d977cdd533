/**
 * The hand-made half of the IDOR sweep (idor.test.ts): which routes a guest may call, and which
 * members-only routes act on the caller's own data only. Every other route must be a FOREIGN case
 * in idor.test.ts, where it is attacked as another member.
 */
/** Routes a guest may call: sign-in and sign-up, public pages' data, callbacks with their own proof. */
export const PUBLIC: RegExp[] = [
  /^GET \/(v2\/)?api\/guest\//,
  /^(GET|POST|PUT|DELETE) \/api\/dev\//, // development tools: 404 in production (tested in idor.test.ts)
  /^GET \/api\/(health|service\/status|openapi\.json|lives|home\/[\w-]+|vods\/:streamId)$/,
  /^GET \/api\/(search|search\/categories|clips\/:clipId|vods\/:streamId\/chat)$/, // discovery, a clip, a recording's chat (their access rules: tests/contract)
  /^GET \/api\/channels\/:channelId\/(?!broadcast$)[\w-]+$/, // the broadcast panel's state is the owner's
  /^GET \/api\/cs\/(notice-list|develop-notice-list|guide-list|board-list|board-detail|board-detail\/:id|board-comment|board-like-User\/:id|board-likeCount\/:id|board-setting-check)$/,
  /^GET \/api\/shoppings\/(items|luv\/products)$/,
  /^(GET|POST|PUT) \/(v\d\/)?api\/auth\/(?!expire$)/, // sign-in, sign-up, find, social, sign-out
  /^POST \/v3\/api\/m\/signup\/kakao$/,
  /^(POST|PUT) \/api\/oauth\/(generate|refresh|password|token-signin)$/, // proven by a token in the body or cookie
  /^POST \/api\/partners$/,
  /^POST \/api\/payments\/webhook$/, // signed by the gateway
  /^POST \/api\/personal-auth\/callback$/, // signed by the identity provider
  /^POST \/api\/ingest\//, // the media server only: its address and MEDIA_SECRET (tests/ingest)
  /^POST \/v4\/api\/asp\/accesstoken$/,
  /^POST \/v4\/api\/lives\/live-board-check$/,
  /^GET \/api\/my\/channel\/notice$/, // a channel's notices (?channelId) are public, as the channel page shows them
];
export const isPublic = (key: string) => PUBLIC.some((re) => re.test(key));

/** Members-only routes that act on the caller's own data (found by the session, no foreign id to pass). */
export const OWN = new Set([
  'GET /api/my/messages',
  'GET /v2/api/my/messages',
  'POST /api/my/messages',
  'POST /v2/api/my/messages',
  'GET /api/my/messages/unread-count',
  'GET /v2/api/my/messages/unread-count',
  'POST /api/my/messages/alldelete',
  'POST /v2/api/my/messages/alldelete',
  'GET /api/my/messages/isblock',
  'GET /v2/api/my/messages/isblock',
  'GET /api/my/blacklist',
  'GET /api/my/blacklist/ids',
  'POST /api/my/blacklist',
  'DELETE /api/my/blacklist/:loginId',
  'GET /api/cs/inquiry-list',
  'GET /v2/api/cs/inquiry-list',
  'POST /api/cs/inquiry-post',
  'GET /api/cs/declaration-list',
  'POST /api/cs/declaration-post',
  'POST /api/cs/board-write',
  'POST /api/cs/board-like',
  'POST /api/cs/board-comment',
  'POST /api/my/setting',
  'GET /api/my/view-main',
  'GET /api/my/rankings',
  'GET /api/my/sessions',
  'GET /api/my/chennel-register',
  'POST /api/my/chennel-register',
  'GET /api/my/profile',
  'PUT /api/my/profile',
  // The caller's own channel (found by the session: requireChannelOwner), as caster apps call them.
  'GET /api/m/channel/config',
  'PUT /api/m/channel/config',
  'GET /api/my/channel/stream-key',
  'POST /api/my/channel/stream-key',
  'POST /api/my/channel/start-stream',
  'POST /api/my/channel/stop-stream',
  'POST /api/auth/expire',
  'POST /api/chat/ticket',
  'GET /api/personal-auth',
  'GET /api/personal-auth/status',
  'GET /api/my/gifted-channels',
  'GET /api/my/likes',
  'PUT /api/channels/:channelId/like',
  // A clip of a live the caller may watch is the caller's own (tests/contract/clips.test.ts: the live's rules).
  'POST /api/channels/:channelId/clips',
  'DELETE /api/channels/:channelId/like',
  'GET /api/my/streams/played',
  'POST /api/my/streams/played',
  'DELETE /api/my/streams/played/:streamId',
  'GET /api/my/streams/present',
  'DELETE /api/my/streams/present/:channelId',
  'GET /api/my/streams/subscriptions',
  'POST /api/my/streams/subscriptions',
  'DELETE /api/my/streams/subscriptions/:channelId',
  // money: the caller's own wallet, items, payments and limits (docs/LEDGER.md)
  'POST /api/lives/send-luv',
  'GET /api/my/items',
  'POST /api/my/item/:id/use',
  'POST /api/my/item/all-item/used',
  'POST /api/my/useItems/:prodName',
  'POST /api/shoppings/items/purchase',
  'POST /api/shoppings/luv/payments',
  'GET /api/shoppings/billing-key',
  'POST /api/shoppings/billing-key',
  'DELETE /api/shoppings/billing-key',
  'POST /api/shoppings/billing-key/request',
  'GET /api/shoppings/luv/payments',
  'GET /api/shoppings/flax/payments',
  'GET /api/shoppings/flax/payments-cancel',
  'POST /api/shoppings/useCoupon',
  'GET /api/my/subscriptions',
  'POST /api/my/subscriptions',
  'GET /api/my/banks',
  'GET /v4/api/asp/lex/use/list',
  'GET /api/my/luv/luv-sum',
  'GET /api/my/luv/coupons',
  'GET /api/my/luv/items-sum',
  'GET /api/my/luv/received',
  'GET /api/my/luv/receivedluv-list',
  'GET /api/my/luv/receivedluv-sum',
  'GET /api/my/luv/sentluv-list',
  'GET /api/my/luv/sentluv-sum',
  'GET /api/my/luv/receiveditem-list',
  'GET /api/my/luv/sentitem-list',
  'GET /api/my/luv/spending-caps',
  'PUT /api/my/luv/spending-caps',
  'GET /api/my/luv/payout-preview',
  'GET /api/my/luv/waiting',
  'GET /api/my/luv/withdraw-list',
  'GET /api/my/luv/exchange/rate',
  'GET /api/my/luv/exchange/amount/total',
  'GET /api/my/luv/exchange/amount/now',
  'GET /api/my/luv/exchange/status',
]);
