/** Page serving in workerd: brand × locale files, policy-page caching, and assets that never run the worker. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../testing/harness.ts';
import { pagePath } from './assets.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
}, 120_000);
afterAll(() => w.close());

describe('pages', () => {
  it('serves the brand and locale of the request at the visible path', async () => {
    const res = await w.fetch('http://hearheart.localhost/signin', { headers: { cookie: 'locale=en' } });
    expect(await res.text()).toContain('lang="en" data-brand="hearheart" data-page="/signin"');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it.each(['broadcast-rules', 'viewer-rules', 'service-rules', 'privacy-rules'])(
    'lets a CDN keep /static/%s',
    async (type) => {
      const res = await w.fetch(`https://www.flxtv.example/static/${type}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400');
      expect(res.headers.getSetCookie()).toEqual([]);
    },
  );

  it('serves robots.txt and sitemap.xml of the brand of the host', async () => {
    const robots = await w.fetch('http://onion.localhost/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('# onion');
    expect(await (await w.fetch('https://www.flxcoin.example/sitemap.xml')).text()).toContain('data-brand="coin"');
  });

  it.each(['/static/other-rules', '/static/', '/static/../main/ko'])('answers %s with the 404 page', async (path) => {
    const res = await w.fetch(`http://localhost${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('serves hashed build assets without running the worker (run_worker_first)', async () => {
    const before = w.api.calls.length;
    const res = await w.fetch('http://localhost/_astro/app.abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(w.api.calls).toHaveLength(before);
  });
});

describe('pagePath', () => {
  it('maps visible paths to built files and refuses anything else', () => {
    expect(pagePath('/')).toBe('/index.html');
    expect(pagePath('/static/viewer-rules')).toBe('/static/viewer-rules/index.html');
    expect(pagePath('/a/../b')).toBeNull();
    expect(pagePath('/%2e%2e/x')).toBeNull();
    expect(pagePath(`/${'a'.repeat(600)}`)).toBeNull();
  });
});
