/** CSRF and cross-site websocket refusal (SECURITY-CHECKLIST "CSRF", "WebSockets"), in workerd. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type WorkerUnderTest } from '../../testing/harness.ts';
import { BRANDS } from '../../../domain/brands.ts';
import * as en from '../../../messages/en.json';
import * as ko from '../../../messages/ko.json';
import * as zh from '../../../messages/zh.json';
import { allowedOrigins } from './index.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
}, 120_000);
afterAll(() => w.close());
beforeEach(() => {
  w.api.reset();
  for (const m of ['POST', 'PUT', 'DELETE', 'PATCH', 'GET']) w.api.on(m, '/api/my/setting', { body: '{"ok":true}' });
});

const BODIES: [string, string | undefined, BodyInit | undefined][] = [
  ['JSON', 'application/json', '{"a":1}'],
  ['form', 'application/x-www-form-urlencoded', 'a=1'],
  [
    'multipart',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  ],
  ['plain text', 'text/plain', 'a'],
  ['no body', undefined, undefined],
];

describe('state-changing API calls from another site', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    it.each(BODIES)(`refuses a cross-site ${method} with %s`, async (_, type, body) => {
      const headers: Record<string, string> = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
      if (type) headers['content-type'] = type;
      const res = await w.fetch('https://www.flxtv.example/api/my/setting', { method, headers, body });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'cross_site_request' });
      expect(w.api.calls).toHaveLength(0);
    });
  }

  it.each([
    ['Korean by default', {}, ko.error_cross_site_request],
    ['the locale cookie first', { cookie: 'locale=en', 'accept-language': 'zh' }, en.error_cross_site_request],
    ['else Accept-Language', { 'accept-language': 'zh-CN' }, zh.error_cross_site_request],
  ])('says why in the caller’s language: %s', async (_, extra, text) => {
    const headers = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', ...extra };
    const res = await w.fetch('https://www.flxtv.example/api/my/setting', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'cross_site_request', error_msg: text });
  });

  it.each([
    ['a foreign Origin without Fetch Metadata', { origin: 'https://evil.example' }],
    ['Origin null (sandboxed frame)', { origin: 'null' }],
    ['a sibling subdomain we do not own', { 'sec-fetch-site': 'same-site', origin: 'https://evil.flxtv.example' }],
    ['another brand of ours', { 'sec-fetch-site': 'cross-site', origin: 'https://www.flxcoin.example' }],
    ['a lookalike of the local origin', { origin: 'http://localhost.evil.example' }],
  ])('refuses %s', async (_, headers) => {
    const res = await w.fetch('https://www.flxtv.example/api/my/setting', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(403);
  });
});

describe('calls from our own pages and non-browser clients', () => {
  it.each([
    [
      'same-origin Fetch Metadata',
      'https://www.flxtv.example',
      { 'sec-fetch-site': 'same-origin', origin: 'https://www.flxtv.example' },
    ],
    [
      'a sibling host of the brand',
      'https://www.flxtv.example',
      { 'sec-fetch-site': 'same-site', origin: 'https://m.flxtv.example' },
    ],
    ['the brand Origin without Fetch Metadata', 'https://www.flxtv.example', { origin: 'https://flxtv.example' }],
    ['neither header (native app, curl)', 'https://www.flxtv.example', {}],
    ['a local brand host with its port', 'http://coin.localhost:8820', { origin: 'http://coin.localhost:8820' }],
  ])('passes %s', async (_, base, headers) => {
    const res = await w.fetch(`${base}/api/my/setting`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(w.api.calls).toHaveLength(1);
  });

  it('passes safe methods from anywhere (reads are not state changes)', async () => {
    const res = await w.fetch('https://www.flxtv.example/api/my/setting', {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
  });
});

describe('a caster app: a bearer token and no session cookie', () => {
  // Streamlabs Desktop's embedded browser sends its own Origin; it holds no cookie of ours.
  const caster = {
    authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
    'sec-fetch-site': 'cross-site',
    origin: 'file://',
  };

  it.each(['POST', 'PUT'])(
    'passes a cross-site %s: no ambient credential a foreign page could borrow',
    async (method) => {
      const res = await w.fetch('https://www.flxtv.example/api/my/setting', {
        method,
        headers: { 'content-type': 'application/json', ...caster },
        body: '{}',
      });
      expect(res.status).toBe(200);
      expect(w.api.calls[0]!.headers.authorization).toBe(caster.authorization);
    },
  );

  it.each([
    ['the access cookie', 'flx_oauth_access=a.b.c'],
    ['the fallback access cookie', 'flx_access_token=a.b.c'],
    ['the refresh cookie', 'flx_oauth_refresh=r'],
  ])('keeps the rule for a cross-site call that also carries %s', async (_, cookie) => {
    const res = await w.fetch('https://www.flxtv.example/api/my/setting', {
      method: 'POST',
      headers: { ...caster, cookie },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(w.api.calls).toHaveLength(0);
  });

  it.each([
    ['a Basic credential', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
    ['a bearer with spaces inside', 'Bearer a b'],
  ])('keeps the rule for %s', async (_, authorization) => {
    const res = await w.fetch('https://www.flxtv.example/api/my/setting', {
      method: 'POST',
      headers: { ...caster, authorization },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('passes its token refresh (JSON, no cookie: the answer sets none), and only that', async () => {
    w.api.on('POST', '/api/oauth/refresh', { body: '{"access_token":"t"}' });
    const refresh = (headers: Record<string, string>) =>
      w.fetch('https://www.flxtv.example/api/oauth/refresh', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', origin: 'file://', ...headers },
        body: '{"refreshToken":"r"}',
      });
    expect((await refresh({ 'content-type': 'application/json' })).status).toBe(200);
    // Form-encoded (the cookie flow) or with the browser's cookies: a foreign page must not.
    expect((await refresh({ 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(403);
    expect((await refresh({ 'content-type': 'text/plain' })).status).toBe(403);
    expect((await refresh({ 'content-type': 'application/json', cookie: 'flx_oauth_refresh=victim' })).status).toBe(
      403,
    );
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(1);
  });

  it('keeps the Origin rule for a websocket handshake, bearer or not', async () => {
    const res = await w.fetch('https://www.flxtv.example/socket.io/?EIO=4&transport=websocket', {
      headers: {
        ...caster,
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
      },
    });
    expect(res.status).toBe(403);
  });
});

describe('chat websocket handshake', () => {
  it('refuses an upgrade from a foreign Origin before it reaches the API', async () => {
    const res = await w.fetch('https://www.flxtv.example/socket.io/?EIO=4&transport=websocket', {
      headers: {
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
        origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(403);
    expect(w.api.calls).toHaveLength(0);
  });
});

describe('allowedOrigins', () => {
  const main = BRANDS[0]!;
  it('never adds an unknown Host', () => {
    expect([...allowedOrigins(main, 'https://evil.example/', 'evil.example')]).toEqual(
      main.hosts.map((h) => `https://${h}`),
    );
    expect(
      allowedOrigins(main, 'http://localhost.evil.example/', 'localhost.evil.example').has(
        'http://localhost.evil.example',
      ),
    ).toBe(false);
  });
  it('adds the local origin with its port', () => {
    expect(allowedOrigins(main, 'http://localhost:8787/', 'localhost:8787').has('http://localhost:8787')).toBe(true);
  });
});
