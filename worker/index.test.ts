/** The worker in workerd (wrangler's test harness) against the built site: needs `npm run build`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestHarness } from 'wrangler';

/** A stand-in API at the HTTP boundary: it records what the worker forwarded. */
let upstream: Server;
let seen: { method?: string; url?: string; headers?: IncomingHttpHeaders; body?: string } = {};
const server = createTestHarness({ workers: [{ configPath: './wrangler.jsonc' }] });
beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const { port } = upstream.address() as AddressInfo;
  await server.update({
    workers: [{ configPath: './wrangler.jsonc', vars: { API_ORIGIN: `http://127.0.0.1:${port}` } }],
  });
  await server.listen();
}, 120_000);
afterAll(async () => {
  await server.close();
  upstream.close();
});

describe('worker in workerd', () => {
  it('serves the main brand in Korean by default', async () => {
    const res = await server.fetch('http://localhost/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('lang="ko"');
    expect(html).toContain('data-brand="main"');
  });

  it('maps {id}.localhost to that brand and the locale cookie to the language', async () => {
    const html = await (await server.fetch('http://coin.localhost/', { headers: { cookie: 'locale=en' } })).text();
    expect(html).toContain('data-brand="coin"');
    expect(html).toContain('lang="en"');
  });

  it('maps production hosts through the registry', async () => {
    const html = await (await server.fetch('https://www.hearheart.example/')).text();
    expect(html).toContain('data-brand="hearheart"');
  });

  it('sets the locale cookie from ?locale= and refuses unsupported locales without a cookie', async () => {
    const ok = await server.fetch('http://localhost/?locale=en');
    expect(ok.headers.getSetCookie()).toContain('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    const bad = await server.fetch('http://localhost/?locale=ja');
    expect(bad.status).toBe(400);
    expect(bad.headers.getSetCookie().filter((c) => c.startsWith('locale='))).toEqual([]);
  });

  it('answers unknown pages with the brand 404 and never exposes internal paths', async () => {
    expect((await server.fetch('http://localhost/nope/')).status).toBe(404);
    expect((await server.fetch('http://localhost/main/ko/')).status).toBe(404);
    expect((await server.fetch('http://localhost/..%2f..%2fetc')).status).toBe(404);
  });

  it.each(['/api/health', '/v2/api/auth/signin', '/v3/api/x', '/v4/api/x'])(
    'proxies %s to the API with the body',
    async (path) => {
      const res = await server.fetch(`http://localhost${path}?q=1`, {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect(seen).toMatchObject({ method: 'POST', url: `${path}?q=1`, body: '{"a":1}' });
    },
  );

  it('replaces client-forged forwarding and identity headers', async () => {
    await server.fetch('http://localhost/api/health', {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-real-ip': '6.6.6.6',
        'x-user-id': '1',
        'x-forwarded-host': 'evil.example',
      },
    });
    expect(seen.headers!['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(seen.headers!['x-real-ip']).toBeUndefined();
    expect(seen.headers!['x-user-id']).toBeUndefined();
    expect(seen.headers!['x-forwarded-host']).toBe('localhost');
    expect(seen.headers!['x-brand']).toBe('main');
  });
});
