import { Hono, type Context } from 'hono';
import { COOKIE, rebrandSetCookie, readCookie } from '../cookies.ts';
import type { AppEnv } from '../env.ts';
import { edgeError } from '../errors.ts';
import { applyRefreshed, applyRefused, refreshSession, sessionExpired } from '../middleware/session-refresh/refresh.ts';
import { apiOrigins, fetchApi, UpstreamError, upstreamHeaders } from '../upstream.ts';
import { forwardedBody, type ForwardedBody } from './forwarded-body.ts';

export { PROXIED_PREFIXES } from '../paths.ts';

/**
 * Forwards API and chat traffic to API_ORIGIN so the browser talks to one origin only.
 * Bodies stream through; a websocket upgrade passes as it is (workerd returns the upstream 101
 * with its socket). A silent or unreachable API becomes a 503, never a hung request.
 */
export const apiProxy = new Hono<AppEnv>();

/** A body up to this size is kept so the call can be replayed once after a refresh; larger ones stream. */
const REPLAYABLE_BODY_BYTES_MAX = 256 * 1024;

/**
 * The media server's callbacks: only the media server may call them, straight (docs/INGEST.md
 * "Who may call what"). The API refuses anything that comes through here anyway; the edge does not
 * even forward them.
 */
const MEDIA_SERVER_ONLY = /^\/+api\/+ingest(?:\/|$)/i;

/** The path as a router downstream may read it (percent-decoded); an undecodable one is refused as it is. */
function isMediaServerOnly(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: the API refuses such a path anyway; test the raw form.
  }
  return MEDIA_SERVER_ONLY.test(pathname) || MEDIA_SERVER_ONLY.test(decoded);
}

/** Calls whose 401 means "wrong credentials", not "expired token": never refreshed and retried. */
const NO_RETRY = /^\/(?:v\d\/)?api\/(?:auth|oauth)\//;

apiProxy.all('*', async (c) => {
  const incoming = new URL(c.req.url);
  if (isMediaServerOnly(incoming.pathname)) return edgeError(c, 'not_found');
  const path = incoming.pathname + incoming.search;
  const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  const refreshToken = readCookie(c.get('upstreamCookie'), COOKIE.refresh);
  const mayRetry =
    Boolean(refreshToken) &&
    c.get('sessionSetCookies').length === 0 &&
    !NO_RETRY.test(incoming.pathname) &&
    isReplayable(c, hasBody);
  // Kept in memory (small bodies only) when it may have to go again: after a refresh, or to
  // another API process when the first one refuses the connection.
  const severalApis = apiOrigins(c.env.API_ORIGIN).length > 1;
  const keepBody = hasBody && (mayRetry || (severalApis && isReplayable(c, hasBody)));
  const streamed = hasBody && !keepBody && c.req.raw.body ? forwardedBody(c.req.raw.body, declaredBytes(c)) : null;
  const body = !hasBody ? null : keepBody ? await c.req.arrayBuffer() : (streamed?.stream ?? null);

  let res = await forward(c, path, body);
  if (streamed && !streamed.sent()) res = await afterEarlyAnswer(res, streamed);
  if (res.status === 401 && mayRetry) {
    const outcome = await refreshSession(c, refreshToken!);
    if (outcome.kind === 'refreshed') {
      await res.body?.cancel();
      applyRefreshed(c, outcome);
      res = await forward(c, path, body);
    } else if (outcome.kind === 'refused') {
      await res.body?.cancel();
      applyRefused(c);
      return sessionExpired(c);
    }
  }
  return rebrand(c, res);
});

/**
 * The API answered before the whole body reached it (a 413 on the declared length, a guard's
 * refusal): its answer is taken whole, the rest of the visitor's body is read, and only then is the
 * visitor answered, or workerd would drop the visitor's connection under its next request
 * (forwarded-body.ts).
 */
async function afterEarlyAnswer(res: Response, streamed: ForwardedBody): Promise<Response> {
  const answer = res.body ? await res.arrayBuffer().catch(() => new ArrayBuffer(0)) : null;
  // No API answered at all: nobody will take the rest.
  await streamed.finish(EDGE_ANSWERS.has(res) ? 0 : undefined);
  return new Response(answer, res);
}

/** The body's declared length, or null (chunked, or a header that is not one number). */
function declaredBytes(c: Context<AppEnv>): number | null {
  const header = c.req.header('content-length');
  return header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

function isReplayable(c: Context<AppEnv>, hasBody: boolean): boolean {
  if (c.req.header('upgrade')) return false;
  if (!hasBody) return true;
  const length = Number(c.req.header('content-length'));
  return Number.isInteger(length) && length <= REPLAYABLE_BODY_BYTES_MAX;
}

/** The worker's own answers in place of the API's (no API took the request). */
const EDGE_ANSWERS = new WeakSet<Response>();

async function forward(c: Context<AppEnv>, path: string, body: BodyInit | null): Promise<Response> {
  try {
    return await fetchApi(c, path, { method: c.req.method, headers: upstreamHeaders(c), body });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    // 503 either way: the site sends the visitor to the maintenance page (SPEC §4).
    const answer = edgeError(c, e.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable', {
      'retry-after': '5',
    });
    EDGE_ANSWERS.add(answer);
    return answer;
  }
}

/** The API sets its cookies host-only on its own origin; the browser gets them on the brand (docs/ARCHITECTURE.md). */
function rebrand(c: Context<AppEnv>, res: Response): Response {
  if (res.status === 101) return res;
  const out = new Response(res.body, res);
  const lines = res.headers.getSetCookie();
  if (lines.length) {
    const https = c.get('https');
    out.headers.delete('set-cookie');
    for (const line of lines) out.headers.append('set-cookie', rebrandSetCookie(line, c.get('cookieDomain'), https));
  }
  return out;
}
