import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import {
  COOKIE,
  NO_ACCESS_TOKEN,
  SESSION_ENDED_MARK_TTL_S,
  clearSessionCookies,
  cookieOptions,
  hasAccessCookie,
  readCookie,
  setCookieNameValue,
} from '../../cookies.ts';
import type { AppEnv } from '../../env.ts';
import { isProxiedPath } from '../../paths.ts';
import { accessNeedsRefresh } from './jwt-exp.ts';
import { applyRefreshed, applyRefused, refreshSession, sessionExpired } from './refresh.ts';

/**
 * Keeps the session alive at the edge (SPEC §4 "Session", docs/ARCHITECTURE.md "refresh"): when
 * the access token is missing or about to expire and a refresh token exists, refresh before the
 * request goes on. Refused: the session cookies are cleared and an API call gets 401
 * `session_expired`, any other request goes on as a guest's and carries the `flx_session_ended`
 * mark (the page it loads shows the session-expired dialog); API down: cookies stay as they are.
 * Also keeps the non-secret `flx_session` hint in step with the session cookies.
 */
export function sessionRefresh(): MiddlewareHandler<AppEnv> {
  return async function sessionRefreshMiddleware(c, next) {
    const cookieHeader = c.req.header('cookie') ?? null;
    c.set('upstreamCookie', cookieHeader);
    c.set('signedIn', hasAccessCookie(cookieHeader));
    c.set('sessionSetCookies', []);
    c.set('sessionCleared', false);

    const access = readCookie(cookieHeader, COOKIE.access);
    const refresh = readCookie(cookieHeader, COOKIE.refresh);
    let answered = false;
    let ended = false;
    // A websocket handshake answer (101) cannot carry the rotated cookies: refreshing there would
    // leave the browser with a spent refresh token. Chat authenticates with a ticket anyway.
    const upgrade = c.req.header('upgrade')?.toLowerCase() === 'websocket';
    if (refresh && !upgrade && accessNeedsRefresh(access === NO_ACCESS_TOKEN ? undefined : access, Date.now())) {
      const outcome = await refreshSession(c, refresh);
      if (outcome.kind === 'refreshed') applyRefreshed(c, outcome);
      else if (outcome.kind === 'refused') {
        applyRefused(c);
        if (isProxiedPath(new URL(c.req.url).pathname)) {
          c.res = sessionExpired(c);
          answered = true;
        } else ended = true;
      }
    }
    if (!answered) await next();
    emitSessionCookies(c, cookieHeader);
    // Host-only, so the page can delete it without knowing the brand's cookie domain.
    if (ended && c.res.status !== 101)
      setCookie(c, COOKIE.sessionEnded, '1', cookieOptions(c.get('https'), null, { maxAge: SESSION_ENDED_MARK_TTL_S }));
  };
}

function emitSessionCookies(c: Context<AppEnv>, cookieHeader: string | null): void {
  // A websocket handshake answer cannot carry or change headers any more.
  if (c.res.status === 101) return;
  for (const line of c.get('sessionSetCookies')) c.header('set-cookie', line, { append: true });
  const domain = c.get('cookieDomain');
  if (c.get('sessionCleared')) {
    clearSessionCookies(c, domain, c.get('https'));
    return;
  }
  const present = sessionPresentAfter(c, cookieHeader);
  const hint = readCookie(cookieHeader, COOKIE.sessionHint);
  const opts = cookieOptions(c.get('https'), domain);
  if (present && hint !== '1') setCookie(c, COOKIE.sessionHint, '1', opts);
  else if (!present && hint !== undefined) deleteCookie(c, COOKIE.sessionHint, opts);
}

/** Whether the browser holds a session once this response is applied. */
function sessionPresentAfter(c: Context<AppEnv>, cookieHeader: string | null): boolean {
  let present = Boolean(readCookie(cookieHeader, COOKIE.refresh)) || hasAccessCookie(cookieHeader);
  for (const line of c.res.headers.getSetCookie()) {
    const { name, value } = setCookieNameValue(line);
    if (name !== COOKIE.access && name !== COOKIE.refresh) continue;
    present = value !== '' && !/;\s*max-age=0(?:;|$)/i.test(line);
  }
  return present;
}
