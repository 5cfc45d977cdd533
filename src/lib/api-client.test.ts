import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorOf, createApiClient, type ApiEffects } from './api-client.ts';

// A real HTTP server standing in for the worker: each path answers one situation.
const ANSWERS: Record<string, [number, unknown]> = {
  '/api/expired': [401, { error: 'session_expired', error_msg: 'gone' }],
  '/api/unauthorized': [401, { error: 'unauthorized', error_msg: 'sign in' }],
  '/api/down': [503, { error: 'maintenance', error_msg: 'down' }],
  '/api/broken': [500, { error: 'internal', error_msg: 'boom' }],
  '/api/bare': [400, { error_msg: '처리할 수 없습니다.' }],
  '/api/coded': [400, { error: 'invalid_input', error_msg: 'bad' }],
  '/api/ok': [200, { ok: true }],
};
let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const [status, body] = ANSWERS[req.url!.split('?')[0]!] ?? [404, null];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => void hits.splice(0));

function recordingClient() {
  const calls: string[] = [];
  const effects: ApiEffects = {
    sessionExpired: () => void calls.push('sessionExpired'),
    maintenance: () => void calls.push('maintenance'),
    report: (e) => void calls.push(`report ${e.method} ${e.path} ${e.status}`),
    alert: (t) => void calls.push(`alert ${t}`),
  };
  return { calls, api: createApiClient({ baseURL: base, effects }) };
}

describe('api client global handling (issue 5 item 4)', () => {
  it('answers data on success, with no effect', async () => {
    const { calls, api } = recordingClient();
    expect(await api('/api/ok')).toEqual({ ok: true });
    expect(calls).toEqual([]);
  });
  it('session_expired runs the session-expired flow and still throws to the caller', async () => {
    const { calls, api } = recordingClient();
    const error = await api('/api/expired').catch((e: unknown) => e);
    expect(apiErrorOf(error)).toEqual({ status: 401, body: { error: 'session_expired', error_msg: 'gone' } });
    expect(calls).toEqual(['sessionExpired']);
  });
  it('a plain 401 is only thrown', async () => {
    const { calls, api } = recordingClient();
    await expect(api('/api/unauthorized')).rejects.toThrow();
    expect(calls).toEqual([]);
  });
  it('503 goes to maintenance', async () => {
    const { calls, api } = recordingClient();
    await expect(api('/api/down')).rejects.toThrow();
    expect(calls).toEqual(['maintenance']);
  });
  it('5xx is reported with method, path and status, and never retried', async () => {
    const { calls, api } = recordingClient();
    await expect(api('/api/broken', { method: 'POST', body: { a: 1 } })).rejects.toThrow();
    await expect(api('/api/broken')).rejects.toThrow();
    expect(calls).toEqual(['report POST /api/broken 500', 'report GET /api/broken 500']);
    expect(hits).toEqual(['POST /api/broken', 'GET /api/broken']);
  });
  it('a message without a code becomes an alert unless the call is silent', async () => {
    const { calls, api } = recordingClient();
    await expect(api('/api/bare')).rejects.toThrow();
    await expect(api('/api/bare', { silent: true } as never)).rejects.toThrow();
    expect(calls).toEqual(['alert 처리할 수 없습니다.']);
  });
  it('a coded error is left to the caller', async () => {
    const { calls, api } = recordingClient();
    await expect(api('/api/coded')).rejects.toThrow();
    expect(calls).toEqual([]);
  });
});
