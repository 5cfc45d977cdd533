/**
 * CSRF on every state-changing API route (SECURITY-CHECKLIST "CSRF", "API: cross-site
 * POST/PUT/DELETE with each content type → 403"; ASVS 3.5.1-3.5.3). The routes come from the real
 * API app (tests/security/api-routes.ts), so a route added later is covered without editing this
 * file. Each one is sent through the real worker (workerd) with a victim's session cookie, from
 * another site, with every content type a form or fetch() can send: the worker answers 403
 * `cross_site_request` and the API behind it never hears of it. A same-origin control of each
 * route does reach the API, which proves the refusal is the CSRF check and not a missing route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJwt } from '../../worker/testing/stub-api.ts';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../../worker/testing/harness.ts';
import { concretePath, routeKey, stateChangingRoutes } from './api-routes.ts';

/** Fewer than this means the enumeration broke (83 state-changing routes when this was written). */
const ROUTES_MIN = 80;
const SITE = 'https://www.flxtv.example';

let w: WorkerUnderTest;
let victim: string;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  victim = `flx_oauth_access=${fakeJwt(Math.floor(Date.now() / 1000) + 3600)}; flx_oauth_refresh=r-victim; flx_session=1`;
}, 120_000);
afterAll(() => w.close());

/** How another site's page can make the browser send a request (headers the browser sets itself). */
const ATTACKS: [string, Record<string, string>][] = [
  ['foreign Origin, no Fetch Metadata (older browser)', { origin: 'https://evil.example' }],
  ['cross-site Fetch Metadata, no Origin', { 'sec-fetch-site': 'cross-site' }],
  ['cross-site Fetch Metadata and foreign Origin', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ['same-site sibling we do not own', { 'sec-fetch-site': 'same-site', origin: 'https://evil.flxtv.example' }],
  ['opaque Origin (sandboxed frame)', { origin: 'null' }],
  ['another brand of ours', { 'sec-fetch-site': 'cross-site', origin: 'https://www.flxcoin.example' }],
];

/** Every body a cross-site form or fetch() can carry. */
function bodies(): [string, Record<string, string>, string | FormData | undefined][] {
  const fd = new FormData();
  fd.append('title', 'csrf');
  fd.append('files', new File([new Uint8Array([137, 80, 78, 71])], 'x.png', { type: 'image/png' }));
  return [
    ['JSON', { 'content-type': 'application/json' }, '{"amount":1,"title":"csrf"}'],
    ['form', { 'content-type': 'application/x-www-form-urlencoded' }, 'amount=1&title=csrf'],
    ['multipart', {}, fd],
    ['text/plain', { 'content-type': 'text/plain' }, '{"amount":1}'],
    ['no body', {}, undefined],
  ];
}

const routes = stateChangingRoutes();

/** A few routes at a time: workerd answers them concurrently, and the stub log is checked as a whole. */
async function inChunks<T>(items: T[], run: (item: T) => Promise<void>, size = 8): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

describe('CSRF on every state-changing route', () => {
  it(`finds at least ${ROUTES_MIN} state-changing routes in the API`, () => {
    expect(routes.length).toBeGreaterThanOrEqual(ROUTES_MIN);
    for (const m of ['POST', 'PUT', 'DELETE'])
      expect(
        routes.some((r) => r.method === m),
        m,
      ).toBe(true);
  });

  it('refuses every route from another site with every content type, and the API never receives it', async () => {
    const failures: string[] = [];
    const before = w.api.calls.length;
    let sent = 0;
    await inChunks(routes, async (route) => {
      const url = `${SITE}${concretePath(route.path)}`;
      await Promise.all(
        ATTACKS.flatMap(([attack, headers], i) =>
          // Every content type under the two one-signal attacks (Origin alone, Fetch Metadata alone); JSON under the
          // rest.
          bodies()
            .slice(0, i < 2 ? undefined : 1)
            .map(async ([kind, typeHeaders, body]) => {
              const res = await w.fetch(url, {
                method: route.method,
                headers: { cookie: victim, ...headers, ...typeHeaders },
                body,
              });
              const json = (await res.json().catch(() => null)) as { error?: string } | null;
              sent += 1;
              if (res.status !== 403 || json?.error !== 'cross_site_request')
                failures.push(`${routeKey(route)} [${attack}, ${kind}] → ${res.status}`);
            }),
        ),
      );
    });
    expect(sent).toBe(routes.length * (2 * 5 + (ATTACKS.length - 2)));
    const leaked = w.api.calls.slice(before).filter((c) => c.url.split('?')[0] !== '/api/service/status');
    expect(failures).toEqual([]);
    expect(leaked.map((c) => `the API received ${c.method} ${c.url}`)).toEqual([]);
  });

  it('lets the same routes through from our own page (the control: refusals above are the CSRF check)', async () => {
    const before = w.api.calls.length;
    await inChunks(routes, async (route) => {
      const res = await w.fetch(`${SITE}${concretePath(route.path)}`, {
        method: route.method,
        headers: { cookie: victim, 'sec-fetch-site': 'same-origin', origin: SITE, 'content-type': 'application/json' },
        body: '{}',
      });
      await res.body?.cancel();
    });
    const received = new Set(w.api.calls.slice(before).map((c) => `${c.method} ${c.url.split('?')[0]}`));
    // The media server's callbacks are never forwarded, from any page (docs/INGEST.md "Who may call what").
    const mediaServerOnly = (r: { path: string }) => r.path.startsWith('/api/ingest/');
    expect(
      routes.filter((r) => !mediaServerOnly(r) && !received.has(`${r.method} ${concretePath(r.path)}`)).map(routeKey),
    ).toEqual([]);
    expect(
      routes.filter((r) => mediaServerOnly(r) && received.has(`${r.method} ${concretePath(r.path)}`)).map(routeKey),
    ).toEqual([]);
    expect(routes.filter(mediaServerOnly).length).toBeGreaterThanOrEqual(3);
  });

  it('lets a caster app’s bearer call through from anywhere, and keeps the rule once a session cookie rides along', async () => {
    const bearer = {
      authorization: `Bearer ${fakeJwt(Math.floor(Date.now() / 1000) + 3600)}`,
      'sec-fetch-site': 'cross-site',
      origin: 'file://',
      'content-type': 'application/json',
    };
    const failures: string[] = [];
    await inChunks(routes, async (route) => {
      const url = `${SITE}${concretePath(route.path)}`;
      const app = await w.fetch(url, { method: route.method, headers: bearer, body: '{}' });
      const appJson = (await app.json().catch(() => null)) as { error?: string } | null;
      if (appJson?.error === 'cross_site_request') failures.push(`${routeKey(route)} [bearer, no cookie] refused`);
      const mixed = await w.fetch(url, { method: route.method, headers: { ...bearer, cookie: victim }, body: '{}' });
      const mixedJson = (await mixed.json().catch(() => null)) as { error?: string } | null;
      if (mixed.status !== 403 || mixedJson?.error !== 'cross_site_request')
        failures.push(`${routeKey(route)} [bearer + session cookie] → ${mixed.status}`);
    });
    expect(failures).toEqual([]);
  });

  it('refuses a chat websocket handshake from a foreign Origin before it reaches the API', async () => {
    const before = w.api.calls.length;
    const res = await w.fetch(`${SITE}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        origin: 'https://evil.example',
        cookie: victim,
      },
    });
    expect(res.status).toBe(403);
    expect(w.api.calls.slice(before).filter((c) => c.url.startsWith('/socket.io'))).toEqual([]);
  });
});
