/**
 * Every Set-Cookie the worker emits carries Path=/, SameSite=Lax, Secure on https and the
 * brand's Domain; tokens are HttpOnly; a hostile Host is never reflected into a Domain, a
 * Location or the allowed origins (SECURITY-CHECKLIST "Worker", ASVS 3.3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJwt } from '../../worker/testing/stub-api.ts';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../../worker/testing/harness.ts';
import { COOKIE } from '../../domain/cookies.ts';

let w: WorkerUnderTest;
let n = 0;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  w.api.on('POST', '/api/partners', {});
  w.api.on('GET', '/api/guest/pincrux', {});
  w.api.on('POST', '/api/auth/signout', {});
  w.api.on('POST', '/v2/api/auth/signin', {
    headers: {
      'set-cookie': [
        `flx_oauth_access=${fakeJwt(Math.floor(Date.now() / 1000) + 900)}; Max-Age=900; Path=/; HttpOnly; SameSite=Lax`,
        'flx_oauth_refresh=r; Path=/; HttpOnly; SameSite=Lax',
      ],
    },
  });
}, 120_000);
afterAll(() => w.close());

/** Requests that make the worker set or clear every kind of cookie. */
const SCENARIOS: [string, (origin: string) => Promise<Response>][] = [
  ['first visit (flx_uuid)', (o) => w.fetch(`${o}/`)],
  ['locale switch', (o) => w.fetch(`${o}/?locale=en`)],
  ['partner and pincrux capture', (o) => w.fetch(`${o}/?partnerCode=P1&appkey=A&pinkey=K`)],
  [
    'sign-in (API cookies re-emitted)',
    (o) =>
      w.fetch(`${o}/v2/api/auth/signin`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, body: '{}' }),
  ],
  [
    'sign-out (cleared)',
    (o) =>
      w.fetch(`${o}/api/auth/signout`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', cookie: 'flx_oauth_refresh=x; flx_session=1' },
      }),
  ],
  [
    'refused refresh (cleared)',
    (o) => {
      w.api.on('POST', '/api/oauth/refresh', { status: 401 });
      return w.fetch(`${o}/`, { headers: { cookie: `flx_oauth_refresh=gone-${n++}` } });
    },
  ],
];

describe.each([
  ['https://www.flxtv.example', '.flxtv.example', true],
  ['https://live.onion.example', '.onion.example', true],
  ['http://coin.localhost:8820', null, false],
])('cookies on %s', (origin, domain, https) => {
  it.each(SCENARIOS)('%s', async (_, run) => {
    const lines = (await run(origin)).headers.getSetCookie();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const attrs = line
        .split(';')
        .slice(1)
        .map((a) => a.trim());
      expect(attrs).toContain('Path=/');
      if (!/Max-Age=0/.test(line)) expect(attrs.some((a) => /^SameSite=Lax$/i.test(a))).toBe(true);
      expect(attrs.includes('Secure')).toBe(https);
      const domains = attrs.filter((a) => /^domain=/i.test(a));
      // The session-ended mark is host-only on purpose: the page deletes it without knowing the brand's cookie domain.
      const hostOnly = line.startsWith(`${COOKIE.sessionEnded}=`);
      expect(domains).toEqual(domain && !hostOnly ? [`Domain=${domain}`] : []);
      if (/^flx_oauth_(access|refresh)=[^;]/.test(line)) expect(attrs).toContain('HttpOnly');
    }
  });
});

describe('hostile hosts', () => {
  it.each([
    'evil.example',
    'flxtv.example.evil.example',
    'evil.example:443',
    'xn--flxtv-evil.example',
    'localhost.evil.example',
  ])('never reflects %s into a Domain, a Location or the allowed origins', async (host) => {
    const res = await w.fetch(`http://${host}/?partnerCode=P9`);
    for (const line of res.headers.getSetCookie()) expect(line.toLowerCase()).not.toContain('domain=');
    expect((await w.fetch(`http://${host}/notices/maintenance`)).headers.get('location')).toBe('/');
    const post = await w.fetch(`http://${host}/api/my/setting`, {
      method: 'POST',
      headers: { origin: `http://${host}` },
      body: '{}',
    });
    expect(post.status).toBe(403);
  });

  it('uses the brand of the host, not the cookies of another brand', async () => {
    const res = await w.fetch('https://www.flxcoin.example/', { headers: { cookie: 'locale=en; partner_code=P1' } });
    expect(res.headers.getSetCookie().every((l) => l.includes('Domain=.flxcoin.example'))).toBe(true);
  });
});
