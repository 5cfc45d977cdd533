/** The API proxy in workerd: forwarding, identity headers, cookies on the brand, time limits. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as en from '../../messages/en.json';
import * as ja from '../../messages/ja.json';
import app from '../index.ts';
import { setCookieFor, startWorker, type WorkerUnderTest } from '../testing/harness.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker({ API_TIMEOUT_MS: '1500' });
}, 120_000);
afterAll(() => w.close());
beforeEach(() => w.api.reset());

describe('forwarding', () => {
  it('streams a large request body through unchanged', async () => {
    w.api.on('POST', '/api/cs/declaration-post', (call) => ({ body: JSON.stringify({ length: call.body.length }) }));
    const body = 'x'.repeat(2 * 1024 * 1024);
    const res = await w.fetch('http://localhost/api/cs/declaration-post', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(await res.json()).toEqual({ length: body.length });
  });

  it('forwards the client IP from CF-Connecting-IP and drops forged identity headers', async () => {
    w.api.on('GET', '/api/x', {});
    await w.fetch('http://localhost/api/x', {
      headers: {
        'cf-connecting-ip': '203.0.113.7',
        'x-forwarded-for': '6.6.6.6',
        'x-real-ip': '6.6.6.6',
        'x-user-id': '1',
        'x-brand': 'coin',
        forwarded: 'for=6.6.6.6',
      },
    });
    const [call] = w.api.calls;
    expect(call!.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(call!.headers['x-real-ip']).toBeUndefined();
    expect(call!.headers['x-user-id']).toBeUndefined();
    expect(call!.headers.forwarded).toBeUndefined();
    expect(call!.headers['x-brand']).toBe('main');
  });

  it('re-emits upstream cookies on the brand Domain with Secure, dropping an upstream Domain', async () => {
    w.api.on('POST', '/v2/api/auth/signin', {
      headers: {
        'set-cookie': ['flx_oauth_access=a; Path=/; HttpOnly; SameSite=Lax', 'x=1; Domain=evil.example; Path=/'],
      },
    });
    const res = await w.fetch('https://www.hearheart.example/v2/api/auth/signin', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
      body: '{}',
    });
    expect(setCookieFor(res, 'flx_oauth_access')).toBe(
      'flx_oauth_access=a; Path=/; HttpOnly; SameSite=Lax; Domain=.hearheart.example; Secure',
    );
    expect(setCookieFor(res, 'x')).toBe('x=1; Path=/; Domain=.hearheart.example; Secure');
  });

  it('keeps cookies host-only on an unknown host, never reflecting it', async () => {
    w.api.on('POST', '/v2/api/auth/signin', {
      headers: { 'set-cookie': 'flx_oauth_access=a; Path=/; HttpOnly; SameSite=Lax' },
    });
    const res = await w.fetch('http://preview.evil.example/v2/api/auth/signin', { method: 'POST', body: '{}' });
    expect(setCookieFor(res, 'flx_oauth_access')).toBe('flx_oauth_access=a; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe('upstream failures', () => {
  it('answers 503 upstream_timeout when the API does not answer in time', async () => {
    w.api.on('GET', '/api/slow', { hang: true });
    const res = await w.fetch('http://localhost/api/slow', {
      headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'upstream_timeout', error_msg: ja.error_upstream_timeout });
  });

  it('answers 503 upstream_unavailable when the API is unreachable', async () => {
    // In Node through app.request(): the test harness routes outbound fetches through its own
    // proxy, which turns a refused connection into a 500 instead of the throw workerd gives.
    const env = { API_ORIGIN: 'http://127.0.0.1:9', ASSETS: { fetch: () => new Response('') } };
    const res = await app.request(
      'http://localhost/api/x',
      { headers: { cookie: 'locale=en', 'accept-language': 'ko' } },
      env,
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ error: 'upstream_unavailable', error_msg: en.error_upstream_unavailable });
  });
});
