import type { MiddlewareHandler } from 'hono';
import type { Brand } from '../../../domain/brands.ts';
import { COOKIE, readCookie } from '../../cookies.ts';
import type { AppEnv } from '../../env.ts';
import { edgeError } from '../../errors.ts';
import { isProxiedPath } from '../../paths.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|[a-z0-9-]+\.localhost)(?::\d{1,5})?$/;

/**
 * Refuses state-changing API calls and chat handshakes made by another site's page
 * (SECURITY-CHECKLIST "CSRF", ASVS 3.5.1-3.5.3), for every content type, JSON included.
 * `Sec-Fetch-Site` decides when the browser sends it; otherwise `Origin` must be one of the
 * brand's own origins. A request with neither comes from a non-browser client (the native app,
 * curl), which holds no victim's cookies, and passes. So does a call that authenticates with an
 * `Authorization: Bearer` token and carries no session cookie (a desktop caster app, whose
 * embedded browser sends a foreign Origin): it holds no ambient credential another page could
 * borrow, and a page cannot add that header cross-site without a CORS preflight we never grant.
 * The caster app's token refresh passes too (a JSON `POST /api/oauth/refresh` without session
 * cookies): the refresh token is in the body, the answer sets no cookie (the API answers that call
 * with a token in the body only), and a foreign page cannot read it (no CORS).
 */
export function csrf(): MiddlewareHandler<AppEnv> {
  return async function csrfMiddleware(c, next) {
    const { pathname } = new URL(c.req.url);
    if (!isProxiedPath(pathname)) return next();
    const upgrade = c.req.header('upgrade')?.toLowerCase() === 'websocket';
    if (SAFE_METHODS.has(c.req.method) && !upgrade) return next();
    if (!upgrade && isBearerOnly(c.req.header('authorization'), c.req.header('cookie'))) return next();
    if (isCasterRefresh(c.req.method, pathname, c.req.header('content-type'), c.req.header('cookie'))) return next();
    const allowed = allowedOrigins(c.get('brand'), c.req.url, c.req.header('host'));
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const ok = upgrade ? origin === undefined || allowed.has(origin) : sameSiteCall(site, origin, allowed);
    if (ok) return next();
    return edgeError(c, 'cross_site_request');
  };
}

/** RFC 6750 §2.1 bearer credentials, and none of the session cookies a browser would send along. */
export function isBearerOnly(authorization: string | undefined, cookieHeader: string | undefined): boolean {
  return /^Bearer[ \t]+[A-Za-z0-9._~+/-]+=*[ \t]*$/i.test(authorization ?? '') && !hasSessionCookie(cookieHeader);
}

/** A caster app's `POST /api/oauth/refresh` with a JSON body and no session cookie. */
export function isCasterRefresh(
  method: string,
  pathname: string,
  contentType: string | undefined,
  cookieHeader: string | undefined,
): boolean {
  return (
    method === 'POST' &&
    pathname === '/api/oauth/refresh' &&
    /^application\/json\b/i.test(contentType ?? '') &&
    !hasSessionCookie(cookieHeader)
  );
}

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return [COOKIE.access, COOKIE.accessFallback, COOKIE.refresh].some(
    (name) => readCookie(cookieHeader, name) !== undefined,
  );
}

/** Fetch Metadata first (W3C Fetch Metadata §2); `Origin` for browsers without it. */
function sameSiteCall(site: string | undefined, origin: string | undefined, allowed: Set<string>): boolean {
  if (site === 'same-origin' || site === 'none') return true;
  // A sibling subdomain is same-site but may be a host we do not control: only our own origins pass.
  if (site === 'same-site') return origin !== undefined && allowed.has(origin);
  if (site !== undefined) return false;
  return origin === undefined || allowed.has(origin);
}

/**
 * The brand's production origins, plus the request's own origin on a local host
 * (`http://{id}.localhost:PORT`). A hostile or unknown Host is never added.
 */
export function allowedOrigins(brand: Brand, url: string, hostHeader: string | undefined): Set<string> {
  const out = new Set(brand.hosts.map((h) => `https://${h}`));
  const host = (hostHeader ?? new URL(url).host).toLowerCase();
  if (LOCAL_HOST.test(host)) out.add(`${new URL(url).protocol}//${host}`);
  return out;
}
