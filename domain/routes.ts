/**
 * Page paths of SPEC §2 and the product's own pages, in one place for the worker (redirects,
 * exemptions), the API (links it hands out) and the site (links and navigation). Visible paths
 * never carry brand or locale.
 */
export const PAGE = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  signupForeigner: '/signup/foreigner',
  signupCompleted: '/completed/signup',
  signupCompletedMarketing: '/completed/signup/marketing',
  findAccount: '/member/find/findId',
  find: '/find',
  guestAuth: '/guest-auth',
  maintenance: '/notices/maintenance',
  personalAuth: '/my/personal-auth',
  invalidAccess: '/invalid-access',
  offline: '/offline',
  my: '/my',
  myLuv: '/my/luv',
  myItems: '/my/items',
  myMessages: '/my/messages',
  mySubscriptions: '/my/subscriptions',
  myRankings: '/my/rankings',
  myWithdraw: '/my/withdraw',
  /** Built only for brands with `features.exchangeEvent`. */
  myExchange: '/my/exchange',
  myChannel: '/my/channel',
  luvShop: '/luv',
  cs: '/cs',
  boards: '/boards',
  /** Discovery (api/search/): the header's search results, and lives by broadcast theme. */
  search: '/search',
  browse: '/browse',
} as const;

type PagePath = (typeof PAGE)[keyof typeof PAGE];

/** Policy texts of SPEC §2: `/static/{rulesType}`. */
export const RULES_TYPES = ['broadcast-rules', 'viewer-rules', 'service-rules', 'privacy-rules'] as const;
export type RulesType = (typeof RULES_TYPES)[number];
export const policyPath = (rulesType: RulesType) => `/static/${rulesType}` as const;

/** Social-login return targets of SPEC §2. */
export const oauthCallbackPath = (provider: string) => `/callback/${provider}/authorize`;

/** The tabs of the customer-service page (`/cs?tab=`). */
export const CS_TABS = ['notice', 'develop', 'guide', 'inquiry', 'report'] as const;
export type CsTab = (typeof CS_TABS)[number];
export const csPath = (tab?: CsTab) => (tab ? `${PAGE.cs}?tab=${tab}` : PAGE.cs);

/** A channel's board (`/boards?channelId=`), or one post of it (`&boardId=`). */
export const boardPath = (channelId: number | string, boardId?: number | string) =>
  `${PAGE.boards}?channelId=${channelId}${boardId === undefined ? '' : `&boardId=${boardId}`}`;

/** A page that sends the visitor on to `callbackURL` when it is done (sign-up, identity verification). */
export const withCallback = (path: string, callbackURL: string) =>
  `${path}?callbackURL=${encodeURIComponent(callbackURL)}`;

export const channelPath = (channelId: number | string) => `/channels/${channelId}`;
export const channelLivePath = (channelId: number | string) => `/channels/${channelId}/live`;
export const vodPath = (streamId: number | string) => `/vod/${streamId}`;
/** The browse page of one broadcast theme (its `code`), or of all. */
export const browsePath = (themeCode?: string) => (themeCode ? `${PAGE.browse}?theme=${themeCode}` : PAGE.browse);

/** Prefixes the worker forwards to the platform API (SPEC §7 paths, and the chat socket). */
export const API_PREFIXES = ['/api/', '/v2/api/', '/v3/api/', '/v4/api/', '/socket.io/'] as const;
