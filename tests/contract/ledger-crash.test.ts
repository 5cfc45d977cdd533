/**
 * A process killed (SIGKILL) between the legs of a transfer, or in the middle of a gift batch,
 * leaves nothing half written, and a retry with the same Idempotency-Keys then applies exactly
 * once. Runs on a PGlite directory, or on a fresh database of the PostgreSQL server of
 * TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client.ts';
import { seedDemoData } from '../../api/db/seed.ts';
import { idempotencyKeys, ledgerTransfers, members } from '../../api/db/schema/index.ts';
import { createGiftBatcher } from '../../api/ledger/gift-batcher.ts';
import { CRASH_GIFTS, crashAnswer, crashGifts } from '../../api/testing/crash-gifts.ts';
import { AccountKind, LUV, TransferCode, accountId, balanceOf } from '../../api/ledger/accounts.ts';
import { requestHash, runIdempotent } from '../../api/ledger/idempotency.ts';
import { checkLedger } from '../../api/ledger/invariants.ts';
import { postTransfers } from '../../api/ledger/transfer.ts';

const admin = process.env.TEST_DATABASE_URL;
let target: string;
let cleanup: () => Promise<void>;

async function open(): Promise<Database> {
  return admin
    ? openDatabase({ databaseUrl: target, pgliteDir: '' })
    : openDatabase({ databaseUrl: null, pgliteDir: target });
}

beforeAll(async () => {
  if (admin) {
    const { default: pg } = await import('pg');
    const name = `crash_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    target = url.toString();
    cleanup = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  } else {
    target = mkdtempSync(join(tmpdir(), 'ledger-crash-'));
    cleanup = async () => rmSync(target, { recursive: true, force: true });
  }
  const database = await open();
  await migrateDatabase(database);
  await seedDemoData(database.db);
  await database.close();
});
afterAll(() => cleanup());

function runChildUntilMid(args: string[], script = 'api/testing/ledger-crash-child.ts'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('MID')) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited ${code} before MID: ${out}`)),
    );
  });
}

it('leaves no half transfer when killed between legs, and a retry with the same key applies once', async () => {
  let database = await open();
  const ids = Object.fromEntries((await database.db.select().from(members)).map((m) => [m.loginId, m.id]));
  const before = await balanceOf(database.db, AccountKind.wallet, ids.viewer01!, LUV);
  expect(before).toBeGreaterThan(100);
  // The child opens the accounts it needs itself; PGlite allows one process per directory.
  await database.close();

  await runChildUntilMid([target, String(ids.viewer01), String(ids.bj0001), 'crash-key']);

  database = await open();
  expect(await balanceOf(database.db, AccountKind.wallet, ids.viewer01!, LUV)).toBe(before);
  expect(await balanceOf(database.db, AccountKind.bjReceived, ids.bj0001!, LUV)).toBe(0);
  expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'crash-key'))).toEqual([]);
  expect((await checkLedger(database.db)).problems).toEqual([]);

  const wallet = await accountId(database.db, AccountKind.wallet, ids.viewer01!, LUV);
  const received = await accountId(database.db, AccountKind.bjReceived, ids.bj0001!, LUV);
  const platform = await accountId(database.db, AccountKind.platformRevenue, 0, LUV);
  const retry = () =>
    runIdempotent(
      database.db,
      { memberId: ids.viewer01!, key: 'crash-key', hash: requestHash('crash-gift', { amount: 100 }) },
      async (tx) => {
        await postTransfers(tx, [
          { debit: wallet, credit: received, amount: 90, asset: LUV, code: TransferCode.gift, ref: 'crash' },
        ]);
        await postTransfers(tx, [
          { debit: wallet, credit: platform, amount: 10, asset: LUV, code: TransferCode.gift, ref: 'crash' },
        ]);
        return { status: 200, body: { ok: true } };
      },
    );
  expect(await retry()).toMatchObject({ ok: true, replayed: false });
  expect(await retry()).toMatchObject({ ok: true, replayed: true });
  expect(await balanceOf(database.db, AccountKind.wallet, ids.viewer01!, LUV)).toBe(before - 100);
  expect(await balanceOf(database.db, AccountKind.bjReceived, ids.bj0001!, LUV)).toBe(90);
  expect((await checkLedger(database.db)).problems).toEqual([]);
  await database.close();
}, 120_000);

it.each(['before-write', 'before-commit'])(
  'leaves nothing of a gift batch killed %s, and the retry of its keys applies each gift once',
  async (mode) => {
    let database = await open();
    const ids = Object.fromEntries((await database.db.select().from(members)).map((m) => [m.loginId, m.id]));
    const senders = ['viewer01', 'viewer02'] as const;
    const wallets = async () =>
      Promise.all(senders.map((s) => balanceOf(database.db, AccountKind.wallet, ids[s]!, LUV)));
    const received = () => balanceOf(database.db, AccountKind.bjReceived, ids.bj0001!, LUV);
    const journal = async () => (await database.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    const before = { wallets: await wallets(), received: await received(), journal: await journal() };
    await database.close();

    await runChildUntilMid([target, mode, `batch-${mode}`], 'api/testing/gift-batch-crash-child.ts');

    database = await open();
    expect({ wallets: await wallets(), received: await received(), journal: await journal() }).toEqual(before);
    expect(
      await database.db
        .select()
        .from(idempotencyKeys)
        .where(like(idempotencyKeys.key, `batch-${mode}-%`)),
    ).toEqual([]);
    expect((await checkLedger(database.db)).problems).toEqual([]);

    const requests = await crashGifts(database.db, ids, `batch-${mode}`);
    const batcher = createGiftBatcher(database.db, crashAnswer);
    const first = await Promise.all(requests.map((r) => batcher.submit(r)));
    expect(first.map((r) => r.ok && !r.replayed && r.answer.status)).toEqual([200, 200, 200]);
    const again = await Promise.all(requests.map((r) => batcher.submit(r)));
    expect(again).toEqual(first.map((r) => ({ ...r, replayed: true })));
    const moved = CRASH_GIFTS.map((g) => g.amount);
    expect(await wallets()).toEqual([before.wallets[0]! - moved[0]! - moved[2]!, before.wallets[1]! - moved[1]!]);
    expect(await received()).toBe(before.received + moved.reduce((a, b) => a + b, 0));
    expect(await journal()).toBe(before.journal + 3);
    expect((await checkLedger(database.db)).problems).toEqual([]);
    await database.close();
  },
  120_000,
);
