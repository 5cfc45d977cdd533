import type { MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { FLX_UUID_LENGTH, FLX_UUID_MAX_AGE_S } from '../../../domain/limits.ts';
import { COOKIE, cookieOptions, readCookie } from '../../cookies.ts';
import type { AppEnv } from '../../env.ts';
import { isPolicyPath } from '../../paths.ts';

const VALID = new RegExp(`^[0-9a-f]{${FLX_UUID_LENGTH}}$`);

/**
 * The anonymous id `flx_uuid` (SPEC §3, §9): 10 lowercase hex characters, Max-Age 10800, Path /,
 * set when absent or malformed, on answers that succeed or redirect. Policy pages are left alone
 * so a CDN can share them, and a refused request (an unsupported locale, say) sets nothing.
 */
export function anonId(): MiddlewareHandler<AppEnv> {
  return async function anonIdMiddleware(c, next) {
    await next();
    if (c.res.status === 101 || c.res.status >= 400 || isPolicyPath(new URL(c.req.url).pathname)) return;
    if (VALID.test(readCookie(c.req.header('cookie'), COOKIE.anonId) ?? '')) return;
    setCookie(
      c,
      COOKIE.anonId,
      newAnonId(),
      cookieOptions(c.get('https'), c.get('cookieDomain'), { maxAge: FLX_UUID_MAX_AGE_S }),
    );
  };
}

export function newAnonId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(FLX_UUID_LENGTH / 2));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
