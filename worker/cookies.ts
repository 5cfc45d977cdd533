/** Every cookie name of SPEC §3 and the attributes the worker sets them with. */
import type { CookieOptions } from 'hono/utils/cookie';

export const COOKIE = {
  anonId: 'flx_uuid',
  access: 'flx_oauth_access',
  refresh: 'flx_oauth_refresh',
  /** The second, fallback access-token cookie of SPEC §3. */
  accessFallback: 'flx_access_token',
  partnerCode: 'partner_code',
  pincAppkey: 'pinc_appkey',
  pincPinkey: 'pinc_pinkey',
  locale: 'locale',
  /** Non-secret hint for scripts: "1" while a session exists (tokens stay HttpOnly). */
  sessionHint: 'flx_session',
} as const;

/** Base attributes: Path=/, SameSite=Lax, the brand's Domain, Secure on https (RFC 6265bis §4.1.2). */
export function cookieOptions(url: string, cookieDomain: string | null, extra: CookieOptions = {}): CookieOptions {
  const secure = url.startsWith('https:');
  return {
    path: '/',
    sameSite: 'Lax',
    secure,
    ...(cookieDomain ? { domain: cookieDomain } : {}),
    ...extra,
  };
}
