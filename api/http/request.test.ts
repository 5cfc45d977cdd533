import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from '../app-env.ts';
import { fail, refusal, sendAnswer } from './errors.ts';
import { acceptedLocale } from './locale.ts';
import { body, ids, params, paging, parseId, query, readRawBody, refuseControlCharacters } from './request.ts';

/** A tiny app with the toolkit on three routes; no database is involved. */
function app() {
  const a = new Hono<ApiEnv>();
  a.use('*', refuseControlCharacters());
  a.post(
    '/things',
    body(v.object({ title: v.pipe(v.string(), v.maxLength(5)), count: v.optional(v.number()) }), { form: true }),
    (c) => c.json(c.req.valid('json')),
  );
  a.get('/things', query(v.object({ ...paging(20, 50) })), (c) => c.json(c.req.valid('query')));
  a.get('/things/:thingId', params(ids('thingId')), (c) => c.json(c.req.valid('param')));
  a.post('/raw', async (c) => {
    const raw = await readRawBody(c, 8);
    return raw.ok ? c.text(raw.text) : fail(c, raw.code);
  });
  a.get('/stored', (c) => sendAnswer(c, refusal('spending_cap_exceeded', { period: 'daily', capLuv: 5000 })));
  return a;
}

const post = (
  path: string,
  payload: string | Uint8Array,
  type = 'application/json',
  extra: Record<string, string> = {},
) => app().request(path, { method: 'POST', body: payload, headers: { 'content-type': type, ...extra } });

describe('body()', () => {
  it('validates JSON and form bodies with one schema', async () => {
    expect(await (await post('/things', '{"title":"abc","count":2}')).json()).toEqual({ title: 'abc', count: 2 });
    expect(await (await post('/things', 'title=abc', 'application/x-www-form-urlencoded')).json()).toEqual({
      title: 'abc',
    });
  });

  it('answers the catalogue 400 naming the field, in the caller’s language', async () => {
    const ko = await post('/things', '{"title":"abcdefgh"}');
    expect(ko.status).toBe(400);
    expect(await ko.json()).toEqual({
      error: 'validation_failed',
      error_msg: 'title 값을 확인해 주세요.',
      field: 'title',
    });
    const en = await post('/things', '{"title":"abcdefgh"}', 'application/json', {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(await en.json()).toEqual({ error: 'validation_failed', error_msg: 'Please check title.', field: 'title' });
    const cookie = await post('/things', '{"title":"abcdefgh"}', 'application/json', {
      'accept-language': 'en',
      cookie: 'locale=ko',
    });
    expect(((await cookie.json()) as { error_msg: string }).error_msg).toBe('title 값을 확인해 주세요.');
  });

  it.each([
    ['\u0000 in a value', '{"title":"a\\u0000"}', 'application/json', 400, 'control_characters'],
    ['ESC in a key', '{"ti\\u001btle":"a"}', 'application/json', 400, 'control_characters'],
    ['NUL in a form field', 'title=a%00b', 'application/x-www-form-urlencoded', 400, 'control_characters'],
    ['broken JSON', '{"title":', 'application/json', 400, 'invalid_json'],
    ['an array', '[1]', 'application/json', 400, 'bad_request'],
    ['XML', '<a/>', 'application/xml', 415, 'unsupported_media_type'],
    ['broken UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'application/json', 400, 'bad_request'],
    ['17 KiB', JSON.stringify({ title: 'x'.repeat(17 * 1024) }), 'application/json', 413, 'payload_too_large'],
  ] as const)('refuses %s', async (_, payload, type, status, code) => {
    const res = await post('/things', payload, type);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: code, error_msg: expect.any(String) });
  });

  it('keeps line breaks and tabs in text (multi-line fields are text too)', async () => {
    expect((await post('/things', JSON.stringify({ title: 'a\nb\tc' }))).status).toBe(200);
  });
});

describe('readRawBody()', () => {
  it('stops reading at the cap, whatever Content-Length says', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(ctl) {
        pulled += 4;
        if (pulled > 1 << 20) return ctl.close();
        ctl.enqueue(new Uint8Array(4).fill(0x61));
      },
    });
    const res = await app().request('/raw', { method: 'POST', body: endless, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(64);
    expect((await post('/raw', 'abcdefgh', 'text/plain')).status).toBe(200);
  });
});

describe('readRawBody() behind @hono/node-server (as api/main.ts serves)', () => {
  it('reads a body with a Content-Length whole, and stops a chunked one at the cap', async () => {
    const server = serve({ fetch: app().fetch, hostname: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const send = (path: string, chunks: (string | Uint8Array)[], headers: Record<string, string | number>) =>
      new Promise<[number, string]>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => (text += d));
          res.on('end', () => resolve([res.statusCode!, text]));
        });
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    try {
      expect(await send('/raw', ['abcdefgh'], { 'content-type': 'text/plain', 'content-length': 8 })).toEqual([
        200,
        'abcdefgh',
      ]);
      expect((await send('/raw', ['abcdefghi'], { 'content-type': 'text/plain', 'content-length': 9 }))[0]).toBe(413);
      const json = JSON.stringify({ title: '한글', count: 1 });
      expect(
        await send('/things', [json], {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(json),
        }),
      ).toEqual([200, json]);
      const broken = new Uint8Array([0x7b, 0xff, 0x7d]);
      expect((await send('/things', [broken], { 'content-type': 'application/json', 'content-length': 3 }))[0]).toBe(
        400,
      );
      // No Content-Length: chunked, read as a stream up to the cap.
      expect(await send('/raw', ['abcd', 'efgh'], { 'content-type': 'text/plain' })).toEqual([200, 'abcdefgh']);
      expect((await send('/raw', ['abcd', 'efgh', 'i'], { 'content-type': 'text/plain' }))[0]).toBe(413);
    } finally {
      server.close();
    }
  });
});

describe('query(), params(), paging and ids', () => {
  it('applies one paging rule: defaults, empty values, the cap, refusals', async () => {
    const get = async (q: string) => {
      const res = await app().request(`/things${q}`);
      return [res.status, await res.json()];
    };
    expect(await get('')).toEqual([200, { offset: 0, limit: 20 }]);
    expect(await get('?offset=&limit=')).toEqual([200, { offset: 0, limit: 20 }]);
    expect(await get('?offset=40&limit=500')).toEqual([200, { offset: 40, limit: 50 }]);
    for (const q of ['?limit=0', '?offset=-1', '?offset=1.5', '?limit=abc', '?offset=99999999'])
      expect(await get(q), q).toEqual([400, expect.objectContaining({ error: 'validation_failed' })]);
  });

  it('applies one id rule to paths and text', async () => {
    expect(await (await app().request('/things/42')).json()).toEqual({ thingId: 42 });
    for (const bad of ['0', '-1', '01', '2147483648', 'abc', '1e3'])
      expect((await app().request(`/things/${bad}`)).status, bad).toBe(400);
    expect([parseId('7'), parseId('0'), parseId('2147483647'), parseId('2147483648'), parseId(undefined)]).toEqual([
      7,
      null,
      2147483647,
      null,
      null,
    ]);
  });

  it('refuses control characters anywhere in the address before any handler', async () => {
    for (const path of [
      '/things?offset=%00',
      '/things/4%002',
      '/things?x=%1B',
      '/things?x=%C2%85',
      '/things?x=a%0Ab',
    ]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('control_characters');
    }
  });
});

describe('answers', () => {
  it('sends a stored refusal in the language of whoever asks, its fields filling the text', async () => {
    const ko = (await (await app().request('/stored')).json()) as { error_msg: string };
    expect(ko).toMatchObject({ error: 'spending_cap_exceeded', period: 'daily', capLuv: 5000 });
    expect(ko.error_msg).toContain('5000');
    expect(ko.error_msg).toMatch(/[가-힣]/);
    const en = (await (await app().request('/stored', { headers: { 'accept-language': 'en' } })).json()) as {
      error_msg: string;
    };
    expect(en.error_msg).toContain('over your spending limit (5000)');
  });

  it('reads Accept-Language by quality', () => {
    expect(acceptedLocale('fr-FR, en;q=0.8, ko;q=0.9')).toBe('ko');
    expect(acceptedLocale('ja-JP')).toBe('ja');
    expect(acceptedLocale('fr')).toBeNull();
    expect(acceptedLocale(undefined)).toBeNull();
  });
});
