/**
 * The error catalogue: every code the platform API, its chat socket (an ack's `code`) and the edge
 * worker answer, with its HTTP status. Codes are permanent once shipped (clients in the wild branch
 * on them); the words live in messages/{locale}.json under `error_<code>` (errorMessageKey), so
 * the API answers in the caller's language and the site shows the same text. The answer's other
 * fields fill the message's `{placeholders}` (a spending-cap refusal's `capLuv`, say).
 *
 * Sign-in keeps the `{ status, msg }` shape of SPEC §7; every other refusal is
 * `{ error: code, error_msg: text, …fields }`.
 */

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 502 | 503;

export const API_ERRORS = {
  // Any request
  bad_request: { status: 400 },
  invalid_json: { status: 400 },
  control_characters: { status: 400 },
  validation_failed: { status: 400 },
  invalid_paging: { status: 400 },
  invalid_id: { status: 400 },
  unsupported_media_type: { status: 415 },
  payload_too_large: { status: 413 },
  not_found: { status: 404 },
  unauthorized: { status: 401 },
  forbidden: { status: 403 },
  feature_unavailable: { status: 403 },
  too_many_attempts: { status: 429 },
  rate_limited: { status: 429 },
  internal: { status: 500 },
  database_unavailable: { status: 503 },

  // Accounts, sessions and verification (SPEC §5, §8)
  login_id_exists: { status: 409 },
  nickname_exists: { status: 409 },
  recommender_not_found: { status: 422 },
  phone_verification_required: { status: 422 },
  captcha_failed: { status: 422 },
  try_again_later: { status: 429 },
  code_invalid: { status: 422 },
  code_expired: { status: 422 },
  code_locked: { status: 422 },
  invalid_refresh_token: { status: 401 },
  session_expired: { status: 401 },
  invalid_auth_token: { status: 401 },
  /** Sign-in with a wrong ID or password; the sign-in answer carries an empty msg (SPEC §8). */
  invalid_credentials: { status: 401 },
  account_not_found: { status: 404 },
  blocked: { status: 423 },
  provider_disabled: { status: 403 },
  social_failed: { status: 400 },
  social_not_registered: { status: 404 },
  social_already_registered: { status: 409 },
  sms_unavailable: { status: 502 },
  identity_unavailable: { status: 502 },
  identity_verification_required: { status: 403 },
  /** The platform's channel settings (adultBroadcast / adultPlusBroadcast) do not offer the mark now. */
  adult_broadcast_disabled: { status: 403 },
  adult_plus_broadcast_disabled: { status: 403 },
  invalid_signature: { status: 403 },
  unknown_partner_member: { status: 401 },
  login_required: { status: 401 },

  // Channels, lives and recordings
  channel_not_found: { status: 404 },
  stream_not_found: { status: 404 },
  vod_not_found: { status: 404 },
  /** `GET /api/vods/{id}/chat`: fromS/toS not seconds, not in order, or too far apart. */
  vod_chat_range: { status: 400 },
  broadcast_ended: { status: 404 },
  /** `GET /api/channels/{id}/stream`: recorders read 400 as "not live, or no such channel". */
  broadcast_offline: { status: 400 },
  adult_only: { status: 403 },
  password_required: { status: 403 },
  wrong_password: { status: 403 },
  not_channel_owner: { status: 403 },
  not_broadcaster: { status: 403 },
  already_approved: { status: 409 },
  already_requested: { status: 409 },
  emoji_not_found: { status: 404 },
  // Clips (api/clips/)
  clip_not_found: { status: 404 },
  /** durationS outside CLIP_DURATION_MIN_S..CLIP_DURATION_MAX_S; the text takes `{min}` and `{max}`. */
  clip_duration_invalid: { status: 400 },
  /** A title empty after trimming, too long, or with control characters; the text takes `{max}`. */
  clip_title_invalid: { status: 400 },
  /** The live's media cannot give the clip now (not enough of it yet, an engine that keeps none, a failed cut). */
  clip_unavailable: { status: 409 },

  // Live ingest (docs/INGEST.md): the media server's callbacks and stream keys
  stream_key_invalid: { status: 403 },
  stream_key_in_use: { status: 403 },
  media_server_only: { status: 403 },
  stream_paused: { status: 403 },
  stream_key_required: { status: 409 },
  signin_link_invalid: { status: 401 },
  ingest_unavailable: { status: 503 },

  // Messages, blocking, customer service and boards
  target_not_found: { status: 404 },
  message_blocked: { status: 403 },
  blacklist_full: { status: 409 },
  already_reported: { status: 409 },
  file_empty: { status: 400 },
  file_too_large: { status: 413 },
  file_type_not_allowed: { status: 415 },
  image_too_large: { status: 400 },
  too_many_files: { status: 400 },

  // Money (docs/LEDGER.md)
  idempotency_key_required: { status: 400 },
  idempotency_key_reused: { status: 409 },
  invalid_amount: { status: 400 },
  invalid_channel: { status: 400 },
  invalid_message: { status: 400 },
  invalid_count: { status: 400 },
  invalid_item: { status: 400 },
  invalid_product: { status: 400 },
  invalid_method: { status: 400 },
  invalid_plan: { status: 400 },
  invalid_coupon: { status: 400 },
  invalid_payment: { status: 400 },
  invalid_withdrawal: { status: 400 },
  invalid_caps: { status: 400 },
  invalid_days: { status: 400 },
  invalid_phone: { status: 400 },
  invalid_bank: { status: 400 },
  invalid_account: { status: 400 },
  invalid_holder: { status: 400 },
  invalid_webhook: { status: 400 },
  invalid_body: { status: 400 },
  below_minimum: { status: 400 },
  self_gift: { status: 400 },
  self_subscription: { status: 400 },
  insufficient_funds: { status: 409, textBy: 'account' },
  insufficient_items: { status: 409 },
  spending_cap_exceeded: { status: 409, textBy: 'period' },
  confirmation_required: { status: 409 },
  item_not_found: { status: 404 },
  /** A catalogue-only item kind (full-room pass, random box, subscription item): neither sold nor used. */
  item_not_usable: { status: 409 },
  product_not_found: { status: 404 },
  payment_not_found: { status: 404 },
  coupon_not_found: { status: 404 },
  coupon_used: { status: 409 },
  payment_final: { status: 409 },
  payment_declined: { status: 409 },
  not_virtual_account: { status: 409 },
  luv_already_spent: { status: 409 },
  refund_refused: { status: 409 },
  refund_in_progress: { status: 409 },
  // 502 like sms_unavailable: the payment company is down, not this service (a 503 sends the page to maintenance, SPEC
  // §8).
  gateway_unavailable: { status: 502 },
  gateway_refused: { status: 502 },
  payments_not_configured: { status: 503 },
  card_not_registered: { status: 409 },
  billing_key_invalid: { status: 409 },
  identity_failed: { status: 409 },
  subscription_not_found: { status: 404 },
  already_subscribed: { status: 409 },
  not_renewing: { status: 409 },
  withdrawal_not_found: { status: 404 },
  withdrawal_closed: { status: 409 },
  payout_account_missing: { status: 409 },
  fixed_account_missing: { status: 409 },
  exchange_sold_out: { status: 409 },

  // Chat (domain/chat-events.ts): the codes of a refused ack. An ack has no status; the status is
  // what the same refusal would be over HTTP.
  not_joined: { status: 409 },
  blacklisted: { status: 403 },
  kicked: { status: 403 },
  frozen: { status: 403 },
  muted: { status: 403 },
  too_long: { status: 400 },
  empty: { status: 400 },
  // The room's chat rules (api/chat/rules.ts): a line refused by a mode, or by a blocked word.
  /** The ack also carries `retryAfterMs`; the text takes `{seconds}`. */
  slow_mode: { status: 429 },
  followers_only: { status: 403 },
  subscribers_only: { status: 403 },
  emote_only: { status: 403 },
  blocked_word: { status: 422 },
  // `PUT /api/channels/{id}/chat-rules`
  not_channel_manager: { status: 403 },
  invalid_slow_mode: { status: 400 },
  invalid_followers_only: { status: 400 },
  invalid_chat_rules: { status: 400 },
  invalid_blocked_words: { status: 400 },

  // The edge worker's own answers (docs/ARCHITECTURE.md "edge errors")
  cross_site_request: { status: 403 },
  /** No response headers from the API within API_TIMEOUT_MS; 503, so pages go to the maintenance page. */
  upstream_timeout: { status: 503 },
  /** Every API process refused the connection. */
  upstream_unavailable: { status: 503 },
} as const satisfies Record<
  string,
  {
    status: ErrorStatus;
    /**
     * The answer's field that picks a text of its own: a spending-cap refusal with `period: 'daily'`
     * reads `error_spending_cap_exceeded_daily` where messages/ has it, else `error_spending_cap_exceeded`.
     */
    textBy?: string;
  }
>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The messages/ key of a code's text. */
export function errorMessageKey(code: ApiErrorCode): `error_${ApiErrorCode}` {
  return `error_${code}`;
}

/** The key of the text a code's answer with `fields` may have of its own (see `textBy`), or null. */
export function errorVariantKey(code: ApiErrorCode, fields: Record<string, unknown>): string | null {
  const by = (API_ERRORS[code] as { textBy?: string }).textBy;
  const value = by ? fields[by] : undefined;
  return typeof value === 'string' && /^[a-z][a-z0-9_]*$/.test(value) ? `${errorMessageKey(code)}_${value}` : null;
}

/** The body every API refusal but sign-in's has; a code may add fields of its own. */
interface ApiErrorBody {
  error: string;
  error_msg: string;
}
