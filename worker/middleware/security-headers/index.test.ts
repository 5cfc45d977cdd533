/** Response headers of every kind of answer (SECURITY-CHECKLIST "Header snapshot"), in workerd. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, STATUS_MAINTENANCE, STATUS_OK, type WorkerUnderTest } from '../../testing/harness.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker({ API_TIMEOUT_MS: '1500' });
  w.api.on('GET', '/api/service/status', STATUS_OK);
  w.api.on('GET', '/api/guest/banners', { body: '[]' });
  w.api.on('GET', '/api/boom', { status: 500 });
}, 120_000);
afterAll(() => w.close());

const ANSWERS: [string, () => Promise<Response>][] = [
  ['an HTML page', () => w.fetch('https://www.flxtv.example/')],
  ['JSON from the API', () => w.fetch('https://www.flxtv.example/api/guest/banners')],
  ['a 302', () => w.fetch('https://www.flxtv.example/notices/maintenance')],
  ['a 404 page', () => w.fetch('https://www.flxtv.example/nope')],
  ['an API 500', () => w.fetch('https://www.flxtv.example/api/boom')],
  ['a 400 for an unsupported locale', () => w.fetch('https://www.flxtv.example/?locale=ja')],
];

describe('security headers', () => {
  it.each(ANSWERS)('are on %s', async (_, get) => {
    const res = await get();
    expect(res.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' https://flxtv.example https://www.flxtv.example https://m.flxtv.example; object-src " +
        "'none'; base-uri 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('never sends script-src or style-src (the page meta CSP carries the build hashes)', async () => {
    const csp = (await w.fetch('https://www.flxtv.example/')).headers.get('content-security-policy')!;
    expect(csp).not.toMatch(/script-src|style-src|default-src|unsafe-inline|unsafe-eval/);
  });

  it('are on the maintenance redirect too', async () => {
    w.api.on('GET', '/api/service/status', STATUS_MAINTENANCE);
    try {
      const res = await w.fetch('https://www.flxtv.example/');
      expect(res.status).toBe(302);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      w.api.on('GET', '/api/service/status', STATUS_OK);
    }
  });

  it('keeps an upstream policy (the sandbox of uploaded files) beside its own', async () => {
    w.api.on('GET', '/api/cs/files/x', {
      headers: { 'content-security-policy': "sandbox; default-src 'none'", 'content-disposition': 'attachment' },
      body: 'x',
    });
    const csp = (await w.fetch('http://localhost/api/cs/files/x')).headers.get('content-security-policy')!;
    expect(csp).toContain("sandbox; default-src 'none'");
    expect(csp).toContain('frame-ancestors');
  });

  it('sends no HSTS over plain http', async () => {
    expect((await w.fetch('http://localhost/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('frame-ancestors names only the brand of the host', async () => {
    expect((await w.fetch('https://live.realtoon.example/')).headers.get('content-security-policy')).toMatch(
      /^frame-ancestors 'self' https:\/\/live\.realtoon\.example;/,
    );
  });
});
