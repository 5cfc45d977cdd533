import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiResult, createApiClient, setApiEffects, type ApiEffects } from './api-client.ts';

// A real HTTP server standing in for the worker: each path answers one situation.
const ANSWERS: Record<string, [number, unknown]> = {
  '/api/expired': [401, { error: 'session_expired', error_msg: 'gone' }],
  '/api/unauthorized': [401, { error: 'unauthorized', error_msg: 'sign in' }],
  '/api/down': [503, { error: 'maintenance', error_msg: 'down' }],
  '/api/broken': [500, { error: 'internal', error_msg: 'boom' }],
  '/api/bare': [400, { error_msg: '처리할 수 없습니다.' }],
  '/api/coded': [400, { error: 'validation_failed', error_msg: 'bad' }],
  '/api/signin': [401, { status: 401, msg: ' 비밀번호 5회 오류 ' }],
  '/api/proxy': [502, 'Bad gateway'],
  '/api/ok': [200, { ok: true }],
  '/api/language': [200, null],
};
let server: Server;
let base: string;
const hits: string[] = [];
const languages: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    languages.push(req.headers['accept-language']);
    const [status, body] = ANSWERS[req.url!.split('?')[0]!] ?? [404, null];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits.splice(0);
  languages.splice(0);
});

function recordingClient() {
  const calls: string[] = [];
  const effects: ApiEffects = {
    sessionExpired: () => void calls.push('sessionExpired'),
    maintenance: () => void calls.push('maintenance'),
    report: (e) => void calls.push(`report ${e.method} ${e.path} ${e.status}`),
    alert: (t) => void calls.push(`alert ${t}`),
  };
  return { calls, api: createApiClient({ baseURL: base, effects, locale: () => 'en' }) };
}

describe('api client global handling', () => {
  it('answers data on success, with no effect', async () => {
    const { calls, api } = recordingClient();
    expect(await api('/api/ok')).toEqual({ ok: true, value: { ok: true } });
    expect(calls).toEqual([]);
  });
  it('session_expired runs the session-expired flow and still answers the failure to the caller', async () => {
    const { calls, api } = recordingClient();
    expect(await api('/api/expired')).toEqual({
      ok: false,
      failure: { status: 401, code: 'session_expired', message: 'gone' },
    });
    expect(calls).toEqual(['sessionExpired']);
  });
  it('a plain 401 is only answered', async () => {
    const { calls, api } = recordingClient();
    expect((await api('/api/unauthorized')).ok).toBe(false);
    expect(calls).toEqual([]);
  });
  it('503 goes to maintenance', async () => {
    const { calls, api } = recordingClient();
    expect((await api('/api/down')).ok).toBe(false);
    expect(calls).toEqual(['maintenance']);
  });
  it('5xx is reported with method, path and status, and never retried', async () => {
    const { calls, api } = recordingClient();
    expect((await api('/api/broken', { method: 'POST', body: { a: 1 } })).ok).toBe(false);
    expect((await api('/api/broken')).ok).toBe(false);
    expect(calls).toEqual(['report POST /api/broken 500', 'report GET /api/broken 500']);
    expect(hits).toEqual(['POST /api/broken', 'GET /api/broken']);
  });
  it('a message without a code becomes an alert unless the call is silent', async () => {
    const { calls, api } = recordingClient();
    expect((await api('/api/bare')).ok).toBe(false);
    expect((await api('/api/bare', { silent: true })).ok).toBe(false);
    expect(calls).toEqual(['alert 처리할 수 없습니다.']);
  });
  it('a coded error is left to the caller', async () => {
    const { calls, api } = recordingClient();
    expect((await api('/api/coded')).ok).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('api client language and failures', () => {
  it("sends the page's language on every call, unless the caller set one", async () => {
    const { api } = recordingClient();
    await api('/api/language');
    await api('/api/language', { headers: { 'accept-language': 'ko' } });
    await createApiClient({ baseURL: base, locale: () => undefined })('/api/language');
    expect(languages.slice(0, 2)).toEqual(['en', 'ko']);
    // Outside a page nothing is added (Node's fetch then sends its own `*`).
    expect(languages[2]).not.toMatch(/en|ko/);
  });
  it('turns a failure into plain values: code and text, or status 0 and `network` when no answer came', async () => {
    const { api } = recordingClient();
    expect(await api('/api/coded')).toEqual({
      ok: false,
      failure: { status: 400, code: 'validation_failed', message: 'bad' },
    });
    // Nothing listens on port 1.
    expect(await createApiClient({ baseURL: 'http://127.0.0.1:1' })('/api/ok')).toEqual({
      ok: false,
      failure: { status: 0, code: 'network', message: '' },
    });
  });
  it("reads sign-in's `{ status, msg }` (trimmed), and names an answer without a code `unknown`", async () => {
    const { api } = recordingClient();
    expect(await api('/api/signin')).toEqual({
      ok: false,
      failure: { status: 401, code: 'unknown', message: '비밀번호 5회 오류' },
    });
    expect(await api('/api/proxy')).toEqual({ ok: false, failure: { status: 502, code: 'unknown', message: '' } });
  });
  it('apiResult answers values instead of throwing', async () => {
    expect(await apiResult('/api/ok', { baseURL: base })).toEqual({ ok: true, value: { ok: true } });
    expect(await apiResult('/api/coded', { baseURL: base })).toEqual({
      ok: false,
      failure: { status: 400, code: 'validation_failed', message: 'bad' },
    });
  });
  it('keeps session effects that happen before the shell injects them, then runs them', async () => {
    const site = createApiClient({ baseURL: base, locale: () => undefined });
    await site('/api/expired');
    await site('/api/bare');
    const calls: string[] = [];
    setApiEffects({
      sessionExpired: () => void calls.push('sessionExpired'),
      alert: (t) => void calls.push(`alert ${t}`),
    });
    expect(calls).toEqual(['sessionExpired', 'alert 처리할 수 없습니다.']);
    await site('/api/bare');
    expect(calls).toHaveLength(3);
  });
});
