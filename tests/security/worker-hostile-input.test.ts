/**
 * Whatever a visitor sends, the worker answers without a 5xx of its own and without hanging
 * (issue 4: "unbreakable by what a visitor sends"). The API stub is healthy, so any 5xx here
 * would be the worker's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, STATUS_EMERGENCY, type WorkerUnderTest } from '../../worker/testing/harness.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
  // Emergency on: every page request runs the redirect logic with the hostile URL.
  w.api.on('GET', '/api/service/status', STATUS_EMERGENCY);
  w.api.on('POST', '/api/partners', {});
  w.api.on('GET', '/api/guest/pincrux', {});
}, 120_000);
afterAll(() => w.close());

const PATHS = [
  '/%', '/%E0%A4%A', '/%00', '/%2e%2e/%2e%2e/etc/passwd', '/..%c0%af', '/' + 'a/'.repeat(600), '/?locale=%', '/?locale=%E0%A4%A',
  '/?partnerCode=%', '/?partnerCode=%00&appkey=%ff&pinkey=%', '/?callbackURL=%0d%0a', '/signin?callbackURL=' + 'x'.repeat(8000),
  '/api/%', '/socket.io/%', '/static/%2e%2e', '/static/privacy-rules%00', '/robots.txt%00', '/_astro/%2e%2e/main/ko/index.html',
];

const COOKIES = [
  'flx_oauth_access=' + 'a.'.repeat(3000), 'flx_oauth_access=a.%%%.c; flx_oauth_refresh=', 'flx_oauth_refresh=' + 'r'.repeat(5000),
  'locale=en; locale=ko; locale=%', '=; ;;; =x', 'flx_uuid=%00', 'flx_oauth_access=eyJ.eyJleHAiOiJ4In0.x; flx_oauth_refresh=r1',
];

describe('hostile input', () => {
  it.each(PATHS)('answers %s without a 5xx', async (path) => {
    const res = await w.fetch(`http://localhost${path}`);
    expect(res.status).toBeLessThan(500);
  });

  it.each(COOKIES)('answers a page with the cookie header %s without a 5xx', async (cookie) => {
    w.api.on('POST', '/api/oauth/refresh', { status: 401 });
    const res = await w.fetch('http://localhost/', { headers: { cookie } });
    expect(res.status).toBeLessThan(500);
  });

  it.each(['', 'a'.repeat(300), 'evil.example:99999', '[::1]', 'xn--', '..', 'localhost:abc'])('answers the Host %j without a 5xx', async (host) => {
    const res = await w.fetch('http://localhost/', { headers: { 'x-test': '1', ...(host ? { host } : {}) } }).catch(() => null);
    // undici itself refuses some Host values before sending: nothing reached the worker then.
    if (res) expect(res.status).toBeLessThan(500);
  });

  it('answers random paths and queries without a 5xx (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.webPath(), fc.webQueryParameters(), async (path, query) => {
        const res = await w.fetch(`http://localhost${path || '/'}?${query}`);
        await res.body?.cancel();
        return res.status < 500;
      }),
      { numRuns: 150 },
    );
  });
});
