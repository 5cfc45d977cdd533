/**
 * Gift announcements end to end at the protocol level: a gift sent over HTTP reaches every client
 * in the channel's chat room once, in a `gifts` frame (the route calls `deps.chat.publish` after
 * the commit, with the real chat server as deps.chat, as api/main.ts wires it; the server sends
 * the gifts of one turn of its event loop together), and an idempotent replay announces nothing
 * (docs/LEDGER.md "Gifts and items").
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GiftEventData } from '../../domain/chat-events.ts';
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
  await h.database.db.transaction((tx) =>
    postTransfers(tx, [{ debit: issuance, credit: wallet, amount: 1000, asset: LUV, code: TransferCode.seed }]),
  );
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

  const seenBySender = nextEvent(sender, 'gifts');
  const seenByOther = nextEvent(other, 'gifts');
  expect((await send('chat-1', 100, '축하해요')).status).toBe(200);
  for (const batch of [await seenBySender, await seenByOther]) {
    expect(batch).toMatchObject({
      room: h.room,
      gifts: [{ kind: 'luv', loginId: 'viewer101', amount: 100, message: '축하해요' }],
    });
  }

  // The replay answers 200 without an announcement: the next gift anyone sees is the next real gift.
  const next = nextEvent(other, 'gifts');
  expect((await send('chat-1', 100, '축하해요')).status).toBe(200);
  expect((await send('chat-2', 7, 'again')).status).toBe(200);
  expect(await next).toMatchObject({ gifts: [{ amount: 7, message: 'again' }] });
});

it('announces every gift of a rush once, in the order the ledger committed them', async () => {
  const viewer = await h.client('viewer102');
  expect(await join(viewer)).toMatchObject({ ok: true });
  const seen: GiftEventData[] = [];
  viewer.on('gifts', (batch) => seen.push(...batch.gifts));
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(`rush-${i}`, 1, `rush ${i}`)));
  // Repeats of keys already answered: no new announcement.
  await Promise.all(Array.from({ length: 10 }, (_, i) => send(`rush-${i}`, 1, `rush ${i}`)));
  const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { transferId: number }).transferId));
  await expect.poll(() => seen.length).toBe(30);
  expect(seen.map((g) => g.transferId)).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(seen.map((g) => g.transferId)).size).toBe(30);
});

it('gives a first join the room’s gifts with its history, each after the line it followed', async () => {
  const sender = await h.client('viewer101');
  expect(await join(sender)).toMatchObject({ ok: true });
  const said = (await sender.emitWithAck('message', { room: h.room, content: 'before the gift' })) as {
    ok: true;
    seq: number;
  };
  expect((await send('history-1', 3, '다시 봐도 보여요')).status).toBe(200);
  sender.close();

  // A reloaded page joins afresh (no lastSeq): the gift is in the answer, not only in the live frame it missed.
  const reloaded = await h.client('viewer102');
  const answer = (await join(reloaded)) as { ok: true; gifts?: (GiftEventData & { afterSeq: number })[] };
  const gift = answer.gifts?.find((g) => g.message === '다시 봐도 보여요');
  expect(gift).toMatchObject({ kind: 'luv', loginId: 'viewer101', amount: 3, itemCode: null, afterSeq: said.seq });
  // A rejoin with lastSeq resumes lines only: the client already has the gifts it saw.
  expect(
    await reloaded.emitWithAck('join', { room: h.room, streamId: null, source: 'web', lastSeq: said.seq }),
  ).not.toHaveProperty('gifts');
});
