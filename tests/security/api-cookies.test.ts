/**
 * Every Set-Cookie of the API, alone and through the worker (SECURITY-CHECKLIST "Session cookies",
 * "Every Set-Cookie has the attributes above and the brand's Domain"; ASVS 3.3.1-3.3.5;
 * docs/ARCHITECTURE.md "session cookies"). The real API runs on a local port behind the real worker.
 * - The API's own lines: HttpOnly, SameSite=Lax, Path=/, no Domain, a bounded Max-Age (or a
 *   browser-session cookie), never SameSite=None; deletions carry Max-Age=0 and Path=/.
 * - The same lines as the browser receives them from the worker: plus Secure and Domain=.flxtv.example.
 * - No token ever appears in a response body.
 * Flows: sign-in (with and without loginKeep), refresh (direct and at the edge), sign-out, social
 * sign-up and sign-in, the partner token exchange, a live's pass cookie; then a sweep of every
 * API route as a guest and as a member, whose Set-Cookie lines (if any) obey the same rules.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_KEEP_TTL_S } from '../../api/auth/refresh-sessions.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import { streams } from '../../api/db/schema/index.ts';
import { COOKIE } from '../../domain/cookies.ts';
import { startWorker, type WorkerUnderTest } from '../../worker/testing/harness.ts';
import { apiRoutes, concretePath, routeKey } from './api-routes.ts';

const SITE = 'https://www.flxtv.example';
const DOMAIN = 'Domain=.flxtv.example';
const TOKEN_COOKIES = /^(flx_oauth_access|flx_oauth_refresh|flx_access_token|live_pass[\w-]*)=/;

let t: TestApp;
let server: ServerType;
let w: WorkerUnderTest;
let channelId = 0;

beforeAll(async () => {
  t = await openTestApp();
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  w = await startWorker({ API_ORIGIN: `http://127.0.0.1:${port}` });
  const [bj] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.loginId, 'bj0001'));
  channelId = (await t.database.db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, bj!.id)))[0]!
    .id;
}, 120_000);
afterAll(async () => {
  await w?.close();
  await new Promise<void>((r) => server.close(() => r()));
  await t?.close();
});

const attrsOf = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim());
const isDeletion = (line: string) => /(^|;\s*)Max-Age=0(;|$)/i.test(line) || /=;/.test(line.split(';')[0]! + ';');

/** The rules for a line the API emits (host-only: the worker adds Domain and Secure). */
function expectApiLine(line: string, where: string) {
  const attrs = attrsOf(line);
  expect(attrs, `${where}: ${line}`).toContain('Path=/');
  expect(
    attrs.some((a) => /^domain=/i.test(a)),
    `${where}: ${line}`,
  ).toBe(false);
  expect(
    attrs.some((a) => /^samesite=none$/i.test(a)),
    `${where}: ${line}`,
  ).toBe(false);
  if (isDeletion(line)) return;
  expect(attrs, `${where}: ${line}`).toContain('HttpOnly');
  expect(
    attrs.some((a) => /^SameSite=Lax$/i.test(a)),
    `${where}: ${line}`,
  ).toBe(true);
  const maxAge = attrs.find((a) => /^max-age=/i.test(a));
  if (maxAge) expect(Number(maxAge.split('=')[1]), `${where}: ${line}`).toBeLessThanOrEqual(LOGIN_KEEP_TTL_S);
  else
    expect(line, `${where}: only the refresh cookie without loginKeep may be a browser-session cookie`).toMatch(
      /^flx_oauth_refresh=/,
    );
  expect(attrs.some((a) => /^expires=/i.test(a)) && !maxAge, `${where}: ${line}`).toBe(false);
}

/** The rules for a line the browser receives from the worker on https. */
function expectEdgeLine(line: string, where: string) {
  const attrs = attrsOf(line);
  expect(attrs, `${where}: ${line}`).toContain('Path=/');
  expect(attrs, `${where}: ${line}`).toContain('Secure');
  // The session-ended mark is host-only on purpose: the page deletes it without knowing the brand's cookie domain.
  const hostOnly = line.startsWith(`${COOKIE.sessionEnded}=`);
  expect(
    attrs.filter((a) => /^domain=/i.test(a)),
    `${where}: ${line}`,
  ).toEqual(hostOnly ? [] : [DOMAIN]);
  expect(
    attrs.some((a) => /^samesite=none$/i.test(a)),
    `${where}: ${line}`,
  ).toBe(false);
  if (isDeletion(line)) return;
  expect(
    attrs.some((a) => /^SameSite=Lax$/i.test(a)),
    `${where}: ${line}`,
  ).toBe(true);
  if (TOKEN_COOKIES.test(line)) expect(attrs, `${where}: ${line}`).toContain('HttpOnly');
}

/** No token value from any Set-Cookie in the body (tokens live in cookies only). */
async function expectNoTokenInBody(res: Response, where: string) {
  const body = await res.text();
  for (const line of res.headers.getSetCookie()) {
    const value = line.split(';')[0]!.split('=').slice(1).join('=');
    if (TOKEN_COOKIES.test(line) && value.length >= 16) expect(body, `${where}: token in body`).not.toContain(value);
  }
}

const edge = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  w.fetch(`${SITE}${path}`, {
    ...init,
    headers: { 'sec-fetch-site': 'same-origin', origin: SITE, ...(init.headers ?? {}) },
  });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});
const cookieHeader = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');

/** Runs a flow through the worker, checks every line the browser gets, and returns the response. */
async function viaWorker(
  where: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
  expectCookies = true,
): Promise<Response> {
  const res = await edge(path, init);
  const lines = res.headers.getSetCookie();
  if (expectCookies) expect(lines.length, `${where}: no Set-Cookie`).toBeGreaterThan(0);
  for (const line of lines) expectEdgeLine(line, where);
  await expectNoTokenInBody(res.clone(), where);
  return res;
}

/** The same call straight to the API: the lines it emits itself. */
async function direct(
  where: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const res = await t.app.request(path, {
    ...init,
    headers: { 'x-forwarded-for': '127.0.0.1', ...(init.headers ?? {}) },
  });
  for (const line of res.headers.getSetCookie()) expectApiLine(line, where);
  await expectNoTokenInBody(res.clone(), where);
  return res;
}

describe('cookies of the session flows', () => {
  it('sign-in with and without loginKeep, refresh, edge refresh and sign-out', async () => {
    for (const loginKeep of [true, false]) {
      const d = await direct(
        `sign-in loginKeep=${loginKeep}`,
        '/v2/api/auth/signin',
        json({ loginId: 'viewer01', password: 'demo1234!', loginKeep }),
      );
      expect(d.status).toBe(200);
      const refreshLine = d.headers.getSetCookie().find((l) => l.startsWith('flx_oauth_refresh='))!;
      expect(/Max-Age=/.test(refreshLine)).toBe(loginKeep);
      const signin = await viaWorker(
        `edge sign-in loginKeep=${loginKeep}`,
        '/v2/api/auth/signin',
        json({ loginId: 'viewer02', password: 'demo1234!', loginKeep }),
      );
      expect(signin.status).toBe(200);
      const jar = cookieHeader(signin);
      expect(jar).toMatch(/flx_oauth_access=.+; flx_oauth_refresh=/);
      const refresh = jar.match(/flx_oauth_refresh=([^;]+)/)![1]!;

      const rotated = await direct('refresh', '/api/oauth/refresh', {
        method: 'POST',
        body: new URLSearchParams({
          refreshToken: d.headers
            .getSetCookie()
            .find((l) => l.startsWith('flx_oauth_refresh='))!
            .split(';')[0]!
            .split('=')[1]!,
        }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(rotated.status).toBe(200);
      const viaEdge = await viaWorker('edge refresh call', '/api/oauth/refresh', {
        method: 'POST',
        body: `refreshToken=${encodeURIComponent(refresh)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar },
      });
      expect(viaEdge.status).toBe(200);
      // A page with only the refresh cookie: the worker refreshes on the way.
      const page = await viaWorker('edge refresh on a page', '/', {
        headers: { cookie: cookieHeader(viaEdge).replace(/flx_oauth_access=[^;]+;?\s*/, '') },
      });
      expect(page.status).toBe(200);
      const out = await viaWorker('sign-out', '/api/auth/signout', {
        method: 'POST',
        headers: { cookie: cookieHeader(page) || jar },
      });
      expect(out.headers.get('clear-site-data')).toContain('cookies');
      // The API clears them and the worker clears them again on the brand: both lines carry the Domain (checked above).
      const cleared = new Set(
        out.headers
          .getSetCookie()
          .filter(isDeletion)
          .map((l) => l.split('=')[0]),
      );
      expect(cleared).toEqual(new Set(['flx_oauth_access', 'flx_oauth_refresh', 'flx_access_token', 'flx_session']));
      const directOut = await direct('sign-out (API)', '/api/auth/signout', {
        method: 'POST',
        headers: { cookie: cookieHeader(d) },
      });
      expect(directOut.headers.getSetCookie().length).toBeGreaterThanOrEqual(2);
    }
  });

  it('a refused refresh clears the cookies with the Domain and Path they were set with', async () => {
    const res = await viaWorker('refused refresh', '/', {
      headers: { cookie: 'flx_oauth_refresh=not-a-real-token; flx_session=1' },
    });
    expect(res.headers.getSetCookie().some((l) => l.startsWith('flx_oauth_refresh=') && isDeletion(l))).toBe(true);
    // The page learns that a session ended here (it shows the session-expired dialog).
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${COOKIE.sessionEnded}=1;`))).toBe(true);
    const r = await direct('refused refresh (API)', '/api/oauth/refresh', {
      method: 'POST',
      body: 'refreshToken=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(401);
  });

  it('social sign-up and sign-in through the development provider', async () => {
    async function roundTrip(subject: string) {
      const authorize = await t.app.request('/api/auth/oauth/naver/authorize');
      const state = new URL(authorize.headers.get('location')!, 'http://x').searchParams.get('state')!;
      const approve = await t.app.request(
        `/api/dev/oauth/naver/approve?state=${encodeURIComponent(state)}&subject=${subject}`,
      );
      const back = new URL(approve.headers.get('location')!, 'http://x');
      return { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    }
    const first = await viaWorker(
      'social callback (new)',
      '/api/auth/oauth/naver/callback',
      json(await roundTrip('sec-cookie-1')),
      false,
    );
    const { accessToken } = (await first.json()) as { accessToken: string };
    const signup = await viaWorker(
      'social sign-up',
      '/api/auth/signup/oauth/naver',
      json({ accessToken, nickname: '쿠키검사', recommendId: '', pcode: '', countryCodes: '82' }),
    );
    expect(signup.status).toBe(201);
    const again = await viaWorker(
      'social sign-in',
      '/api/auth/oauth/naver/callback',
      json(await roundTrip('sec-cookie-1')),
    );
    expect(((await again.json()) as { status: string }).status).toBe('signedin');
    const d = await direct(
      'social sign-in (API)',
      '/api/auth/oauth/naver/callback',
      json(await roundTrip('sec-cookie-1')),
    );
    expect(d.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it('the partner (ASP) token exchange', async () => {
    await t.database.db
      .update(members)
      .set({ aspCode: 'ONION', aspUserkey: 'sec-u-1' })
      .where(eq(members.loginId, 'adult01'));
    const body = { aspCode: 'ONION', userkey: 'sec-u-1', device: 'MOBILEWEB' };
    expect((await viaWorker('asp accesstoken', '/v4/api/asp/accesstoken', json(body))).status).toBe(200);
    expect((await direct('asp accesstoken (API)', '/v4/api/asp/accesstoken', json(body))).status).toBe(200);
  });

  it('the pass cookie of a password-protected live', async () => {
    await t.database.db
      .update(streams)
      .set({ passwordHash: await hashPassword('secret12') })
      .where(eq(streams.channelId, channelId));
    try {
      const q = `/api/guest/live-Auth?channelId=${channelId}&viewerId=viewer01&password=secret12&option=&aspCode=`;
      expect((await viaWorker('live pass', q)).status).toBe(200);
      expect((await direct('live pass (API)', q)).status).toBe(200);
    } finally {
      await t.database.db.update(streams).set({ passwordHash: null }).where(eq(streams.channelId, channelId));
    }
  });
});

describe('cookies of every other route', () => {
  it('whatever a route answers a guest or a member, any Set-Cookie it emits obeys the rules', async () => {
    const signin = await t.app.request(
      '/v2/api/auth/signin',
      json({ loginId: 'viewer02', password: 'demo1234!' }, { 'x-forwarded-for': '127.0.0.1' }),
    );
    const member = cookieHeader(signin);
    let seen = 0;
    for (const r of apiRoutes()) {
      // Sign-out and the refresh would end this member's session for the routes after them.
      if (/\/(signout|expire|refresh)$/.test(r.path)) continue;
      for (const cookie of ['', member]) {
        const res = await direct(routeKey(r), concretePath(r.path), {
          method: r.method,
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `cookie-${seen}` },
          body: r.method === 'GET' ? undefined : '{}',
        });
        seen += 1;
        expect(res.status, routeKey(r)).toBeLessThan(500);
      }
    }
    expect(seen).toBeGreaterThan(300);
  });
});

describe('cross-origin reads (no CORS: another site may send, never read)', () => {
  it('no route, through the worker, grants another origin access to its answer, preflight included', async () => {
    const signin = await t.app.request(
      '/v2/api/auth/signin',
      json({ loginId: 'viewer01', password: 'demo1234!' }, { 'x-forwarded-for': '127.0.0.1' }),
    );
    const cookie = cookieHeader(signin);
    const granted: string[] = [];
    for (const r of apiRoutes()) {
      const path = concretePath(r.path);
      // A read for a GET route; a preflight for every route (what a foreign fetch() with a body needs first).
      const asked = await Promise.all([
        ...(r.method === 'GET'
          ? [
              w.fetch(`${SITE}${path}`, {
                headers: {
                  origin: 'https://evil.example',
                  'sec-fetch-site': 'cross-site',
                  'sec-fetch-mode': 'cors',
                  cookie,
                },
              }),
            ]
          : []),
        w.fetch(`${SITE}${path}`, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': r.method,
            'access-control-request-headers': 'content-type, idempotency-key',
            cookie,
          },
        }),
      ]);
      for (const res of asked) {
        await res.body?.cancel();
        const allowed = [...res.headers.keys()].filter((h) => h.startsWith('access-control-allow-'));
        if (allowed.length)
          granted.push(`${routeKey(r)}: ${allowed.map((h) => `${h}: ${res.headers.get(h)}`).join(', ')}`);
      }
    }
    expect(granted).toEqual([]);
  });
});
