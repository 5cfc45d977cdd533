/**
 * A fake API at the client's boundary (`fetch`) for store tests: the stores and the real client
 * (src/lib/api-client.ts) run as they do in the browser, only the network answers from a table.
 */
import { vi } from 'vitest';
import { COOKIE } from '../../domain/cookies.ts';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** An answer: a status and JSON body, or `'network'` for a request that never got one. */
export type FakeReply = { status?: number; body?: unknown } | 'network';
export type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

/**
 * Answers `"METHOD /path"` (query left out) from `routes`; anything else is a 404. Every call is
 * recorded in `calls`. Replace answers on the way with `answer(key, reply)`.
 */
export function fakeApi(routes: Record<string, FakeRoute> = {}) {
  const table = new Map(Object.entries(routes));
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://site.test',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? null);
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = table.get(`${method} ${url.pathname}`);
    const reply =
      typeof route === 'function'
        ? await route(call)
        : (route ?? { status: 404, body: { error: 'not_found', error_msg: 'No such API endpoint.' } });
    if (reply === 'network') throw new TypeError('fetch failed');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    answer(key: string, route: FakeRoute) {
      table.set(key, route);
    },
    /** The calls to one `"METHOD /path"`. */
    callsTo(key: string) {
      return calls.filter((c) => `${c.method} ${c.path}` === key);
    },
  };
}

/** A refusal as the API words it. */
export const refusal = (status: number, error: string, error_msg = `${error} text`): FakeReply => ({
  status,
  body: { error, error_msg },
});

/**
 * The bits of a page the stores read: `<html lang>` (sent as accept-language), the session hint
 * cookie (`signedIn`: the session store asks for the profile) and no progress bar element.
 */
export function fakePage({ signedIn = false, lang = 'ko' } = {}): void {
  vi.stubGlobal('document', {
    cookie: signedIn ? `${COOKIE.sessionHint}=1` : '',
    documentElement: { lang },
    getElementById: () => null,
  });
}
