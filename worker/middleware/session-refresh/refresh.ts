/** Token refresh at the edge (docs/ARCHITECTURE.md "refresh"), shared by the middleware and the proxy's 401 retry. */
import type { Context } from 'hono';
import { COOKIE, rebrandSetCookie, setCookieNameValue, withCookies } from '../../cookies.ts';
import type { AppEnv } from '../../env.ts';
import { edgeError } from '../../errors.ts';
import { apiTimeoutMs, fetchApi, UpstreamError, upstreamHeaders } from '../../upstream.ts';

export type RefreshOutcome =
  | { kind: 'refreshed'; setCookies: string[]; tokens: Record<string, string> }
  | { kind: 'refused' }
  | { kind: 'unavailable' };

const REFRESH_TIMEOUT_MS = 5_000;
/** How long one isolate reuses an outcome for the same refresh token (inside the API's 10 s grace window). */
const REUSE_MS = 5_000;
const REUSE_ENTRIES_MAX = 1_000;

/**
 * Outcomes of recent refreshes by refresh token, as plain data: a request of the same browser
 * that comes after a refresh reuses its cookies instead of spending the token again. Requests
 * in flight at the same moment each call the API, whose grace window (docs/ARCHITECTURE.md
 * "refresh") accepts the previous token for 10 s, so reuse detection never signs the user out.
 * Promises are never shared between requests: workerd cancels a request that awaits a promise
 * created by another request that has finished.
 */
const recent = new Map<string, { at: number; outcome: RefreshOutcome }>();

export async function refreshSession(c: Context<AppEnv>, refreshToken: string): Promise<RefreshOutcome> {
  const hit = recent.get(refreshToken);
  if (hit && Date.now() - hit.at < REUSE_MS) return hit.outcome;
  const outcome = await callRefresh(c, refreshToken);
  // An API outage must not be remembered: the next request tries again.
  if (outcome.kind !== 'unavailable') remember(refreshToken, outcome);
  return outcome;
}

function remember(refreshToken: string, outcome: RefreshOutcome): void {
  const now = Date.now();
  if (recent.size >= REUSE_ENTRIES_MAX) {
    for (const [k, v] of recent) if (now - v.at >= REUSE_MS) recent.delete(k);
    if (recent.size >= REUSE_ENTRIES_MAX) recent.clear();
  }
  recent.set(refreshToken, { at: now, outcome });
}

async function callRefresh(c: Context<AppEnv>, refreshToken: string): Promise<RefreshOutcome> {
  const headers = upstreamHeaders(
    c,
    new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }),
  );
  headers.delete('cookie');
  let res: Response;
  try {
    res = await fetchApi(
      c,
      '/api/oauth/refresh',
      { method: 'POST', headers, body: new URLSearchParams({ refreshToken }).toString() },
      Math.min(REFRESH_TIMEOUT_MS, apiTimeoutMs(c)),
    );
  } catch (e) {
    if (e instanceof UpstreamError) return { kind: 'unavailable' };
    throw e;
  }
  await res.body?.cancel();
  if (res.status === 200) {
    const setCookies = res.headers.getSetCookie();
    const tokens: Record<string, string> = {};
    for (const line of setCookies) {
      const { name, value } = setCookieNameValue(line);
      if ((name === COOKIE.access || name === COOKIE.refresh) && value) tokens[name] = value;
    }
    return tokens[COOKIE.access] ? { kind: 'refreshed', setCookies, tokens } : { kind: 'unavailable' };
  }
  if (res.status === 400 || res.status === 401 || res.status === 403) return { kind: 'refused' };
  return { kind: 'unavailable' };
}

/**
 * After a refresh: the browser gets the new cookies on the brand, the rest of this request uses the new tokens
 * upstream.
 */
export function applyRefreshed(c: Context<AppEnv>, outcome: Extract<RefreshOutcome, { kind: 'refreshed' }>): void {
  c.set('upstreamCookie', withCookies(c.get('upstreamCookie'), outcome.tokens));
  c.set('signedIn', true);
  const https = c.get('https');
  c.set(
    'sessionSetCookies',
    outcome.setCookies.map((line) => rebrandSetCookie(line, c.get('cookieDomain'), https)),
  );
}

/** After a refused refresh: the logout flow, and the API sees a guest for the rest of this request. */
export function applyRefused(c: Context<AppEnv>): void {
  c.set('sessionCleared', true);
  c.set('sessionSetCookies', []);
  c.set(
    'upstreamCookie',
    withCookies(c.get('upstreamCookie'), {
      [COOKIE.access]: null,
      [COOKIE.refresh]: null,
      [COOKIE.accessFallback]: null,
    }),
  );
  c.set('signedIn', false);
}

/** The answer to an API call whose session could not be renewed; the site shows the session-expired dialog. */
export function sessionExpired(c: Context<AppEnv>): Response {
  return edgeError(c, 'session_expired');
}
