/**
 * The service worker (public/service-worker.js) run in a VM with the service-worker globals it
 * uses: a real Cache-like store, real Request/Response, and a network we can switch off.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../../public/service-worker.js', import.meta.url), 'utf8');
const ORIGIN = 'https://www.flxtv.example';
const OFFLINE_HTML = '<html><link rel="stylesheet" href="/_astro/shell.css"><img src="/brands/main/logo.svg"></html>';

type Handler = (event: any) => void;

function boot(network: { online: boolean; hits: string[] }) {
  const caches = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!caches.has(name)) caches.set(name, new Map());
    const store = caches.get(name)!;
    const key = (r: Request | string) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
    return {
      match: async (r: Request | string) => store.get(key(r))?.clone(),
      put: async (r: Request | string, res: Response) => void store.set(key(r), res),
      addAll: async (urls: string[]) => {
        for (const u of urls) store.set(key(u), await fakeFetch(new Request(new URL(u, ORIGIN))));
      },
    };
  };
  const fakeFetch = async (req: Request): Promise<Response> => {
    network.hits.push(new URL(req.url).pathname);
    if (!network.online) throw new TypeError('Failed to fetch');
    const path = new URL(req.url).pathname;
    if (path === '/offline/') return new Response(OFFLINE_HTML, { headers: { 'content-type': 'text/html' } });
    return new Response(`body of ${path}`);
  };
  const handlers: Record<string, Handler> = {};
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    addEventListener: (type: string, h: Handler) => void (handlers[type] = h),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const cacheStorage = {
    open,
    keys: async () => [...caches.keys()],
    delete: async (k: string) => caches.delete(k),
    match: async (r: Request | string) => {
      for (const name of caches.keys()) {
        const hit = await (await open(name)).match(r);
        if (hit) return hit;
      }
      return undefined;
    },
  };
  runInNewContext(SOURCE, { self, caches: cacheStorage, fetch: fakeFetch, URL, Response, Request, Promise, Set });
  return { handlers, caches };
}

async function install(h: Record<string, Handler>) {
  let done: Promise<unknown> = Promise.resolve();
  h.install!({ waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}

/** Dispatches a fetch event; returns the response the worker chose, or null when it let the request through. */
async function dispatch(h: Record<string, Handler>, url: string, init: { mode?: string; method?: string } = {}) {
  const answer: { response: Promise<Response> | null } = { response: null };
  const request = new Request(new URL(url, ORIGIN), { method: init.method ?? 'GET' });
  Object.defineProperty(request, 'mode', { value: init.mode ?? 'cors' });
  h.fetch!({ request, respondWith: (p: Promise<Response>) => (answer.response = p) });
  return answer.response ? await answer.response : null;
}

describe('service worker', () => {
  it('precaches the offline page and the shell assets it loads', async () => {
    const network = { online: true, hits: [] as string[] };
    const { handlers, caches } = boot(network);
    await install(handlers);
    const cached = [...caches.get('flx-shell-v1')!.keys()].map((k) => new URL(k).pathname).sort();
    expect(cached).toEqual([
      '/_astro/shell.css',
      '/brands/main/logo.svg',
      '/default-profile.svg',
      '/default-thumbnail.svg',
      '/offline/',
    ]);
  });

  it('pages come from the network and are never stored; offline they get the offline page', async () => {
    const network = { online: true, hits: [] as string[] };
    const { handlers, caches } = boot(network);
    await install(handlers);
    const online = await dispatch(handlers, '/my/messages', { mode: 'navigate' });
    expect(await online!.text()).toBe('body of /my/messages');
    expect([...caches.get('flx-shell-v1')!.keys()].some((k) => k.includes('/my/'))).toBe(false);
    network.online = false;
    const offline = await dispatch(handlers, '/my/messages', { mode: 'navigate' });
    expect(await offline!.text()).toBe(OFFLINE_HTML);
  });

  it('never touches API calls, the chat socket or non-GET requests', async () => {
    const { handlers } = boot({ online: true, hits: [] });
    await install(handlers);
    expect(await dispatch(handlers, '/api/my/profile')).toBeNull();
    expect(await dispatch(handlers, '/v2/api/auth/signin', { method: 'POST' })).toBeNull();
    expect(await dispatch(handlers, '/v4/api/asp/lex/use/list')).toBeNull();
    expect(await dispatch(handlers, '/socket.io/?EIO=4&transport=websocket')).toBeNull();
    expect(await dispatch(handlers, '/anything', { method: 'POST' })).toBeNull();
  });

  it('serves hashed assets from the cache first, fetching and keeping the missing ones', async () => {
    const network = { online: true, hits: [] as string[] };
    const { handlers } = boot(network);
    await install(handlers);
    network.hits.length = 0;
    network.online = false;
    expect(await (await dispatch(handlers, '/_astro/shell.css'))!.text()).toBe('body of /_astro/shell.css');
    network.online = true;
    expect(await (await dispatch(handlers, '/_astro/Other.js'))!.text()).toBe('body of /_astro/Other.js');
    network.online = false;
    expect(await (await dispatch(handlers, '/_astro/Other.js'))!.text()).toBe('body of /_astro/Other.js');
    expect(network.hits).toEqual(['/_astro/Other.js']);
  });
});
