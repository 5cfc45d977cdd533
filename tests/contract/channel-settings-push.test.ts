/**
 * A change of the platform's channel settings reaches an open page without its 10-minute cache:
 * the API announces it to every chat connection (`settings` event), the site's chat client raises
 * the channeling-setting update, and the channel-settings store refetches from the real API.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { attachChat, type Chat } from '../../api/chat/server.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { jsonInit } from '../../api/testing/requests.ts';
import { connectChat, type ChatStatus } from '../../src/lib/chat-socket.ts';

let t: TestApp;
let chat: Chat;
let server: HttpServer;
let port = 0;

beforeAll(async () => {
  t = await openTestApp();
  server = createServer();
  chat = await attachChat(server, { config: t.config, database: t.database, rateMax: 10_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t.deps.chat = chat;
  // The page: a window for the update event, and the site's HTTP client answered by the real API.
  const page = new EventTarget();
  vi.stubGlobal('window', page);
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    t.app.request(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await chat.close();
  await t.close();
});

it('the adult switches of the broadcaster tools follow a platform change pushed over chat', async () => {
  const { $adultSwitches } = await import('../../src/stores/channel-settings.ts');
  const stop = $adultSwitches.listen(() => undefined);
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: true, adultPlus: true }));

  let status: ChatStatus = 'idle';
  const conn = connectChat({
    url: `http://127.0.0.1:${port}`,
    room: '1',
    streamId: null,
    getTicket: async () => null,
    lastSeq: () => undefined,
    onStatus: (s) => (status = s),
    onJoined: () => undefined,
    handlers: {},
  });
  conn.start();
  await vi.waitFor(() => expect(status).toBe('ready'), { timeout: 10_000 });

  const res = await t.app.request('/api/dev/channel-settings', jsonInit('POST', { adultPlusBroadcast: false }));
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: true, adultPlus: false }), { timeout: 10_000 });

  await t.app.request('/api/dev/channel-settings', jsonInit('POST', { adultPlusBroadcast: true }));
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: true, adultPlus: true }), { timeout: 10_000 });
  await conn.stop();
  stop();
});
