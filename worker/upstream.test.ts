import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from './index.ts';
import { startStubApi, type StubApi } from './testing/stub-api.ts';
import { apiOrigins, originOrder } from './upstream.ts';

describe('several API origins', () => {
  let api: StubApi;
  beforeAll(async () => {
    api = await startStubApi();
    api.on('POST', '/api/echo', (call) => ({ status: 200, body: call.body }));
  });
  afterAll(() => api.close());

  it('parses a comma-separated list', () => {
    expect(apiOrigins(' http://a:1, ,http://b:2 ')).toEqual(['http://a:1', 'http://b:2']);
  });

  it('starts at a random origin and keeps the others as fallbacks', () => {
    expect(originOrder(['a', 'b', 'c'], () => 0)).toEqual(['a', 'b', 'c']);
    expect(originOrder(['a', 'b', 'c'], () => 0.5)).toEqual(['b', 'c', 'a']);
    expect(originOrder(['a', 'b', 'c'], () => 0.99)).toEqual(['c', 'a', 'b']);
  });

  // Through app.request() in Node: a refused connection throws there, as in workerd.
  it('fails over from a dead process to a live one, body included, whichever comes first', async () => {
    const env = { API_ORIGIN: `http://127.0.0.1:9,${api.origin}`, ASSETS: { fetch: () => new Response('') } };
    for (let i = 0; i < 8; i++) {
      const res = await app.request(
        'http://localhost/api/echo',
        {
          method: 'POST',
          body: `{"n":${i}}`,
          headers: { 'content-type': 'application/json', 'content-length': String(`{"n":${i}}`.length) },
        },
        env,
      );
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(`{"n":${i}}`);
    }
    expect(api.callsTo('/api/echo')).toHaveLength(8);
  });

  it('answers 503 when every process refuses', async () => {
    const env = { API_ORIGIN: 'http://127.0.0.1:9,http://127.0.0.1:7', ASSETS: { fetch: () => new Response('') } };
    const res = await app.request('http://localhost/api/echo', { method: 'POST', body: '{}' }, env);
    expect(res.status).toBe(503);
  });
});
