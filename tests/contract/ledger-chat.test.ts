/**
 * Gift announcements end to end at the protocol level: a gift sent over HTTP reaches every client
 * in the channel's chat room as one `event` of type `gift` (the route calls `deps.chat.publish`
 * after the commit, with the real chat server as deps.chat, as api/main.ts wires it), and an
 * idempotent replay announces nothing (docs/LEDGER.md "Gifts and items").
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { HARNESS_SECRET, nextEvent, startHarness, type ClientSocket } from '../../api/testing/chat-harness.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from '../../api/ledger/accounts.ts';
import { postTransfers } from '../../api/ledger/transfer.ts';

let h: Awaited<ReturnType<typeof startHarness>>;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  h = await startHarness({ rateMax: 1000 });
  // The API over the harness's database, announcing through the real chat server.
  t = await openTestApp({ database: h.database, env: { JWT_SECRET: HARNESS_SECRET }, deps: { chat: h.chat } });
  const viewer = await h.memberId('viewer101');
  const issuance = await accountId(h.database.db, AccountKind.issuance, SYSTEM, LUV);
  const wallet = await accountId(h.database.db, AccountKind.wallet, viewer, LUV);
  await h.database.db.transaction((tx) => postTransfers(tx, [{ debit: issuance, credit: wallet, amount: 1000, asset: LUV, code: TransferCode.seed }]));
  cookie = await t.cookieOf('viewer101');
});
afterAll(async () => {
  await t.close();
  await h.close();
});

const join = (s: ClientSocket) => s.emitWithAck('join', { room: h.room, streamId: null, source: 'web' });
const send = (key: string, amount: number, message: string) =>
  t.app.request('/api/lives/send-luv', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ channelId: Number(h.room), amount, message }),
  });

it('shows a gift in every viewer’s chat once, and a replay not at all', async () => {
  const sender = await h.client('viewer101');
  const other = await h.client('viewer102');
  expect(await join(sender)).toMatchObject({ ok: true });
  expect(await join(other)).toMatchObject({ ok: true });

  const seenBySender = nextEvent(sender, 'event', (e) => e.type === 'gift');
  const seenByOther = nextEvent(other, 'event', (e) => e.type === 'gift');
  expect((await send('chat-1', 100, '축하해요')).status).toBe(200);
  for (const e of [await seenBySender, await seenByOther]) {
    expect(e).toMatchObject({ room: h.room, type: 'gift', data: { kind: 'luv', loginId: 'viewer101', amount: 100, message: '축하해요' } });
  }

  // The replay answers 200 without an event: the next gift event anyone sees is the next real gift.
  const next = nextEvent(other, 'event', (e) => e.type === 'gift');
  expect((await send('chat-1', 100, '축하해요')).status).toBe(200);
  expect((await send('chat-2', 7, 'again')).status).toBe(200);
  expect(await next).toMatchObject({ data: { amount: 7, message: 'again' } });
});
