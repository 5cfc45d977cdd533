import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushErrorReports, initErrorReporting, reportClientIssue, reportServerError } from './error-reporting.ts';

// A local capture endpoint speaking Sentry's envelope protocol: the SDK posts to /api/{project}/envelope/.
let server: Server;
let port = 0;
const envelopes: string[] = [];
const received: Array<() => void> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.url?.startsWith('/api/1/envelope/')) envelopes.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      received.splice(0).forEach((r) => r());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('error reporting (SPEC §7, §8)', () => {
  it('without a DSN it stays off and sends nothing', async () => {
    expect(await initErrorReporting(null)).toBe(false);
    await reportServerError({ method: 'GET', path: '/api/x', status: 500 });
    await flushErrorReports();
    expect(envelopes).toEqual([]);
  });

  it('with a DSN it sends method, path (no query) and status, traces off', async () => {
    expect(await initErrorReporting(`http://publickey@127.0.0.1:${port}/1`, 'test')).toBe(true);
    const arrived = new Promise<void>((r) => received.push(r));
    await reportServerError({ method: 'post', path: '/api/my/profile?token=secret', status: 502 });
    await flushErrorReports();
    await arrived;
    const events = envelopes.flatMap((e) => e.split('\n')).filter((l) => l.includes('"message"'));
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!) as {
      message: string;
      tags: Record<string, string>;
      contexts: { response: unknown; trace?: unknown };
    };
    expect(event.message).toBe('Server error 502 on POST /api/my/profile');
    expect(event.tags).toMatchObject({
      'http.method': 'POST',
      'http.path': '/api/my/profile',
      'http.status_code': '502',
    });
    expect(event.contexts.response).toEqual({ method: 'POST', path: '/api/my/profile', status_code: 502 });
    expect(envelopes.join('\n')).not.toContain('secret');
    // tracesSampleRate 0: no transaction envelope is ever sent.
    expect(envelopes.join('\n')).not.toContain('"type":"transaction"');
  });

  it('sends a client issue (a player fallback) as a warning with its tags', async () => {
    envelopes.length = 0;
    const arrived = new Promise<void>((r) => received.push(r));
    await reportClientIssue('player: ivs engine fell back to HLS playback: WebAssembly unsupported', {
      'player.format': 'ivs',
    });
    await flushErrorReports();
    await arrived;
    const events = envelopes.flatMap((e) => e.split('\n')).filter((l) => l.includes('"message"'));
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!) as { message: string; level: string; tags: Record<string, string> };
    expect(event).toMatchObject({
      message: 'player: ivs engine fell back to HLS playback: WebAssembly unsupported',
      level: 'warning',
      tags: { 'player.format': 'ivs' },
    });
  });
});
