/**
 * Every cookie name of SPEC §3 and the product's own, in one place for the worker (which sets
 * them), the API (which reads the session and the language) and the site (which reads the hint).
 * Attributes are the worker's business (worker/cookies.ts).
 */
export const COOKIE = {
  /** Anonymous id: 10 hex characters, 3 hours (SPEC §9). */
  anonId: 'flx_uuid',
  /** Access token (JWT), HttpOnly. */
  access: 'flx_oauth_access',
  /** Refresh token (opaque), HttpOnly. */
  refresh: 'flx_oauth_refresh',
  /** The second, fallback access-token cookie of SPEC §3. */
  accessFallback: 'flx_access_token',
  partnerCode: 'partner_code',
  pincAppkey: 'pinc_appkey',
  pincPinkey: 'pinc_pinkey',
  locale: 'locale',
  /** Non-secret hint for scripts: "1" while a session exists (tokens stay HttpOnly). */
  sessionHint: 'flx_session',
  /**
   * Non-secret, host-only, one minute: set when a page request found the session dead (refresh
   * refused, cookies cleared), so that page can still show the session-expired dialog (SPEC §2).
   * The page deletes it once read.
   */
  sessionEnded: 'flx_session_ended',
} as const;

/** How long the session-ended mark waits for the page to read it. */
export const SESSION_ENDED_MARK_TTL_S = 60;

type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/** The value the product writes into an access cookie to mean "no token" (SPEC §4). */
export const NO_ACCESS_TOKEN = 'noAccessToken';

/** The HttpOnly pass a viewer gets for one password-protected live (`GET /api/guest/live-Auth`). */
export function livePassCookie(channelId: number): string {
  return `flx_live_pass_${channelId}`;
}
