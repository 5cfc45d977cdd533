import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/**
 * Forwards API and chat traffic to API_ORIGIN so the browser talks to one origin only.
 * Websocket upgrades pass through as they are (workerd returns the upstream 101 with its socket).
 */
export const apiProxy = new Hono<AppEnv>();

export const PROXIED_PREFIXES = ['/api/', '/v2/api/', '/v3/api/', '/v4/api/', '/socket.io/'] as const;

/** Headers a client may not set for the API: the edge alone speaks for the client's IP and identity. */
const EDGE_ONLY_HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'x-forwarded-host', 'x-forwarded-proto', 'x-user-id', 'x-brand'];

apiProxy.all('*', async (c) => {
  const incoming = new URL(c.req.url);
  const target = new URL(incoming.pathname + incoming.search, c.env.API_ORIGIN);
  const headers = new Headers(c.req.raw.headers);
  for (const h of EDGE_ONLY_HEADERS) headers.delete(h);
  const clientIp = c.req.raw.headers.get('cf-connecting-ip') ?? '127.0.0.1';
  headers.set('x-forwarded-for', clientIp);
  headers.set('x-forwarded-host', incoming.host);
  headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  headers.set('x-brand', c.get('brand').id);
  const init: RequestInit = { method: c.req.method, headers, redirect: 'manual' };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') init.body = c.req.raw.body;
  try {
    return await fetch(new Request(target, init));
  } catch {
    return c.json({ error: 'upstream_unavailable', error_msg: 'The service is temporarily unavailable. Please try again shortly.' }, 502);
  }
});
