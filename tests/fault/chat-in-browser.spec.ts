/**
 * In a real browser: two API processes on PostgreSQL behind the worker,
 * a guest reading the demo room in Chromium while eight members chat from outside.
 * 1. Each API process is killed (SIGKILL) and restarted in turn mid-chat: the page ends up in the
 *    rejoined room showing exactly the room's stored lines, in order, none twice, none missing.
 * 2. The page's network is cut for 30 s while 200 lines are sent: back online, it shows exactly
 *    those 200, in order, with no "missed" marker (the seq replay covers the gap).
 */
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { ChatSender, pause, SENDER_PACE_MS, type Sent } from './chat-sender.ts';
import { startCuttableProxy, type CuttableProxy } from './cuttable-proxy.ts';
import { freshDatabase, startApi, startWorker, waitFor, type Proc } from './processes.ts';

test.describe.configure({ mode: 'serial' });

const SENDERS = 8;
const DROP_LINES = 200;
const DROP_MS = 30_000;
const PASSWORD = 'demo1234!';

let databaseUrl: string;
let sql: pg.Client;
const apis: Proc[] = [];
let worker: Proc;
let proxy: CuttableProxy;
let room: string;
const senders: ChatSender[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  databaseUrl = await freshDatabase('fault_browser');
  apis.push(await startApi(databaseUrl)); // the first migrates and seeds alone
  apis.push(await startApi(databaseUrl));
  worker = await startWorker(apis.map((a) => a.origin));
  proxy = await startCuttableProxy({ host: '127.0.0.1', port: worker.port });
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  // Eight chatters with the demo password (the per-member limit is 5 lines / 3 s; 200 lines in 30 s need several).
  await sql.query(
    `insert into members (login_id, nickname, password_hash)
     select 'chatter' || n, 'chatter' || n, password_hash from members, generate_series(1, $1) n where login_id = 'viewer01'`,
    [SENDERS],
  );
  const lives = (await (await fetch(`${worker.origin}/api/lives?limit=100`)).json()) as {
    list: { loginId: string; channelId: number }[];
  };
  room = String(lives.list.find((l) => l.loginId === 'bj0001')!.channelId);
  for (let n = 1; n <= SENDERS; n++)
    senders.push(await ChatSender.signIn(worker.origin, `chatter${n}`, PASSWORD, room));
});

test.afterAll(async () => {
  for (const s of senders) s.close();
  await proxy?.close();
  await sql?.end();
  await worker?.stop();
  await Promise.all(apis.map((a) => a.stop('SIGKILL')));
});

/** The lines the page shows, in page order. */
const shownLines = (page: Page) =>
  page.locator('li[data-seq]').evaluateAll((rows) =>
    rows.map((r) => ({
      seq: Number(r.getAttribute('data-seq')),
      content: r.querySelector('.chat-text')?.textContent ?? '',
    })),
  );
const lastShownSeq = async (page: Page) => Math.max(0, ...(await shownLines(page)).map((l) => l.seq));
const storedLastSeq = async () =>
  Number((await sql.query('select last_seq from chat_rooms where room = $1', [room])).rows[0]?.last_seq ?? 0);

async function openRoom(page: Page): Promise<void> {
  await page.goto(`${proxy.origin}/channels/${room}/live`);
  await expect(page.getByText('채팅 연결됨')).toBeVisible({ timeout: 20_000 });
}

test(
  'killing and restarting each API process mid-chat ends in the rejoined room with every stored line once, in ' +
    'order',
  async ({ page }) => {
    test.setTimeout(180_000);
    await openRoom(page);
    let chatting = true;
    const loops = senders.map(async (s, i) => {
      for (let k = 0; chatting; k++) {
        await s.send(`kill-phase ${i}-${k}`);
        await pause(SENDER_PACE_MS);
      }
    });
    const seesMoreThan = async (seq: number) =>
      expect.poll(() => lastShownSeq(page), { timeout: 60_000 }).toBeGreaterThan(seq);
    await seesMoreThan((await storedLastSeq()) + 10);

    for (const i of [0, 1]) {
      await apis[i]!.stop('SIGKILL');
      // Live again: the page shows lines stored after the kill (through the surviving process).
      await seesMoreThan((await storedLastSeq()) + 10);
      apis[i] = await startApi(databaseUrl, apis[i]!.port);
    }
    chatting = false;
    await Promise.all(loops);

    const last = await storedLastSeq();
    await expect.poll(() => lastShownSeq(page), { timeout: 30_000 }).toBe(last);
    const shown = await shownLines(page);
    const first = shown[0]!.seq;
    const stored = (
      await sql.query('select seq, content from chat_messages where room = $1 and seq >= $2 order by seq', [
        room,
        first,
      ])
    ).rows.map((r) => ({
      seq: Number(r.seq),
      content: r.content as string,
    }));
    expect(shown.length).toBeGreaterThan(60);
    expect(shown).toEqual(stored);
    await expect(page.locator('.chat-missed')).toHaveCount(0);
  },
);

test('a page cut off for 30 s while 200 lines are sent shows exactly those 200, in order', async ({ page }) => {
  test.setTimeout(180_000);
  await openRoom(page);
  await expect.poll(() => lastShownSeq(page), { timeout: 30_000 }).toBe(await storedLastSeq());
  const mark = await lastShownSeq(page);

  proxy.cut();
  const cutAt = Date.now();
  await expect(page.getByText('채팅 연결됨')).toBeHidden({ timeout: 20_000 });
  const perSender = DROP_LINES / SENDERS;
  const sent: Sent[] = (
    await Promise.all(
      senders.map(async (s, i) => {
        const mine: Sent[] = [];
        for (let k = 0; k < perSender; k++) mine.push(await s.sendUntilTaken(`drop-phase ${i}-${k}`));
        return mine;
      }),
    )
  ).flat();
  // The page stays offline for 30 s, or until the 200 are all in if that takes longer.
  await pause(Math.max(0, DROP_MS - (Date.now() - cutAt)));
  proxy.restore();

  sent.sort((a, b) => a.seq - b.seq);
  await expect(page.getByText('채팅 연결됨')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => lastShownSeq(page), { timeout: 30_000 }).toBe(sent.at(-1)!.seq);
  const after = (await shownLines(page)).filter((l) => l.seq > mark);
  expect(after).toHaveLength(DROP_LINES);
  expect(after).toEqual(sent);
  await expect(page.locator('.chat-missed')).toHaveCount(0);
});
