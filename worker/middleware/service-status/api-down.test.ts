/**
 * The API refuses every connection: pages go to the maintenance page,
 * which is served, and API calls answer 503 at once. Through app.request() in Node, where a refused
 * connection throws as it does in workerd (the test harness would turn it into a 500 answer).
 */
import { describe, expect, it } from 'vitest';
import app from '../../index.ts';

const env = {
  API_ORIGIN: 'http://127.0.0.1:9,http://127.0.0.1:7',
  SERVICE_STATUS_TTL_MS: '0',
  ASSETS: {
    fetch: (input: Request | URL | string) =>
      new Response(
        `<!doctype html><p data-path="${new URL(input instanceof Request ? input.url : String(input)).pathname}">`,
        {
          headers: { 'content-type': 'text/html' },
        },
      ),
  },
};

describe('API down', () => {
  it('sends pages to the maintenance page and serves that page', async () => {
    const page = await app.request('http://localhost/channels/1/live', {}, env);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/notices/maintenance');
    const maintenance = await app.request('http://localhost/notices/maintenance', {}, env);
    expect(maintenance.status).toBe(200);
    expect(await maintenance.text()).toContain('data-path="/main/ko/notices/maintenance/index.html"');
  });

  it('answers API calls with 503 and a reason', async () => {
    const res = await app.request('http://localhost/api/my/profile', {}, env);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'upstream_unavailable' });
  });
});
