import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { COOKIE_DEFAULT_MAX_AGE_S } from '../../../domain/limits.ts';
import { COOKIE, cookieOptions, readCookie } from '../../cookies.ts';
import type { AppEnv } from '../../env.ts';
import { isPageRequest } from '../../paths.ts';
import { fetchApi, upstreamHeaders } from '../../upstream.ts';

const PARTNER_CODE = /^[A-Za-z0-9_-]{1,40}$/;
const PINC_KEY = /^[A-Za-z0-9_.-]{1,100}$/;
const CAPTURED_PARAMS = ['partnerCode', 'appkey', 'pinkey'] as const;
const REGISTER_TIMEOUT_MS = 2_000;

/**
 * Partner and reward-network codes arriving on any page (SPEC §2 query parameters, §4):
 * - `partnerCode` is applied only when nobody is signed in: kept in `partner_code` and registered
 *   with `POST /api/partners` when it is new;
 * - `appkey` + `pinkey` are kept in `pinc_appkey`/`pinc_pinkey` and submitted once, when those
 *   cookies are absent (`GET /api/guest/pincrux`).
 * The page itself is served as asked, query included: the site also keeps the code as `pcode`
 * for sign-up (docs/ARCHITECTURE.md, `src/lib/storage-keys.ts`). Malformed values are ignored.
 */
export function partner(): MiddlewareHandler<AppEnv> {
  return async function partnerMiddleware(c, next) {
    const url = new URL(c.req.url);
    if (!isPageRequest(c.req.method, url.pathname) || !CAPTURED_PARAMS.some((p) => url.searchParams.has(p)))
      return next();
    const cookieHeader = c.req.header('cookie');
    const opts = cookieOptions(c.get('https'), c.get('cookieDomain'), { maxAge: COOKIE_DEFAULT_MAX_AGE_S });
    const cookies: [string, string][] = [];

    const code = url.searchParams.get('partnerCode');
    if (
      code !== null &&
      PARTNER_CODE.test(code) &&
      !c.get('signedIn') &&
      readCookie(cookieHeader, COOKIE.partnerCode) !== code
    ) {
      cookies.push([COOKIE.partnerCode, code]);
      await quietly(c, '/api/partners', { method: 'POST', body: JSON.stringify({ partnerCode: code }) });
    }
    const appkey = url.searchParams.get('appkey');
    const pinkey = url.searchParams.get('pinkey');
    const pincAbsent = !readCookie(cookieHeader, COOKIE.pincAppkey) && !readCookie(cookieHeader, COOKIE.pincPinkey);
    if (appkey !== null && pinkey !== null && PINC_KEY.test(appkey) && PINC_KEY.test(pinkey) && pincAbsent) {
      cookies.push([COOKIE.pincAppkey, appkey], [COOKIE.pincPinkey, pinkey]);
      await quietly(c, `/api/guest/pincrux?${new URLSearchParams({ appkey, pinkey })}`, { method: 'GET' });
    }

    await next();
    for (const [name, value] of cookies) setCookie(c, name, value, opts);
  };
}

/** A registration the visitor must not wait on for long nor see fail: errors are dropped. */
async function quietly(c: Context<AppEnv>, path: string, init: RequestInit): Promise<void> {
  const headers = upstreamHeaders(c, new Headers({ 'content-type': 'application/json', accept: 'application/json' }));
  try {
    const res = await fetchApi(c, path, { ...init, headers }, REGISTER_TIMEOUT_MS);
    await res.body?.cancel();
  } catch {
    // SPEC §8 treats these side calls like the status check: a failure changes nothing for the visitor.
  }
}
