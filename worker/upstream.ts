/** Calls from the edge to the platform API: the headers the edge alone may set, and a time limit. */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** Headers a client may not set for the API: the edge alone speaks for the client's IP and identity. */
const EDGE_ONLY_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'cf-connecting-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-user-id',
  'x-brand',
  'forwarded',
];

const API_TIMEOUT_DEFAULT_MS = 15_000;

export class UpstreamError extends Error {
  constructor(readonly kind: 'timeout' | 'unreachable') {
    super(`API ${kind}`);
    this.name = 'UpstreamError';
  }
}

/** Request headers for the API: the client's, minus forgeable identity headers, plus the edge's own. */
export function upstreamHeaders(c: Context<AppEnv>, from: Headers = c.req.raw.headers): Headers {
  const incoming = new URL(c.req.url);
  const headers = new Headers(from);
  for (const h of EDGE_ONLY_HEADERS) headers.delete(h);
  headers.set('x-forwarded-for', c.req.raw.headers.get('cf-connecting-ip') ?? '127.0.0.1');
  headers.set('x-forwarded-host', incoming.host);
  headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  headers.set('x-brand', c.get('brand').id);
  const cookie = c.get('upstreamCookie');
  if (cookie === null || cookie === '') headers.delete('cookie');
  else if (cookie !== undefined) headers.set('cookie', cookie);
  return headers;
}

export function apiTimeoutMs(c: Context<AppEnv>): number {
  const n = Number(c.env.API_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : API_TIMEOUT_DEFAULT_MS;
}

/**
 * The API origins of API_ORIGIN: one, or several comma-separated (one per API process, as
 * `npm run cluster` runs them). Empty entries are ignored.
 */
export function apiOrigins(value: string): string[] {
  return value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The order to try the origins in: a random first one (spreads load and websockets), then the rest. */
export function originOrder(origins: string[], random = Math.random): string[] {
  const start = Math.floor(random() * origins.length);
  return [...origins.slice(start), ...origins.slice(0, start)];
}

/** A body that can be sent again after a refused connection (a stream may be half-read). */
function replayable(body: RequestInit['body']): boolean {
  return (
    body === null ||
    body === undefined ||
    typeof body === 'string' ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams
  );
}

/**
 * Fetches `path` (path + query) from the API. The time limit covers the wait for response
 * headers only, so a long download or a websocket is never cut; a silent API becomes an
 * UpstreamError instead of a hung request. With several origins, a refused connection moves on
 * to the next one (the request never reached the dead process, so any method may go again).
 * @throws UpstreamError
 */
export async function fetchApi(
  c: Context<AppEnv>,
  path: string,
  init: RequestInit,
  timeoutMs = apiTimeoutMs(c),
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const origins = originOrder(apiOrigins(c.env.API_ORIGIN));
  const canFailOver = replayable(init.body);
  try {
    for (const [i, origin] of origins.entries()) {
      try {
        return await fetch(new URL(path, origin), { ...init, redirect: 'manual', signal: controller.signal });
      } catch {
        if (timedOut || !canFailOver || i === origins.length - 1) break;
      }
    }
    throw new UpstreamError(timedOut ? 'timeout' : 'unreachable');
  } finally {
    clearTimeout(timer);
  }
}
