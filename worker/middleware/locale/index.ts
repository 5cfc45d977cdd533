import type { MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, isLocale } from '../../../domain/locales.ts';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../../domain/limits.ts';
import { COOKIE, cookieOptions, readCookie } from '../../cookies.ts';
import type { AppEnv } from '../../env.ts';

/**
 * Locale from `?locale=` (which also sets the cookie) or the `locale` cookie; ko by default.
 * An unsupported `?locale=` is refused with 400 and sets nothing (SPEC §5 "Locale").
 * A malformed or duplicated cookie is treated as absent.
 */
export function locale(): MiddlewareHandler<AppEnv> {
  return async function localeMiddleware(c, next) {
    const query = c.req.query('locale');
    if (query !== undefined) {
      if (!isLocale(query)) {
        return c.text(`Unsupported locale. Use ko or en. / 지원하지 않는 언어입니다. ko 또는 en을 사용하세요.`, 400, {
          'cache-control': 'no-store',
        });
      }
      c.set('locale', query);
      await next();
      // After next(): headers prepared before a handler returns a raw Response are dropped by Hono.
      setCookie(
        c,
        COOKIE.locale,
        query,
        cookieOptions(c.get('https'), c.get('cookieDomain'), { maxAge: LOCALE_COOKIE_MAX_AGE_S }),
      );
      return;
    }
    const cookie = readCookie(c.req.header('cookie'), COOKIE.locale);
    c.set('locale', isLocale(cookie) ? cookie : DEFAULT_LOCALE);
    await next();
  };
}
