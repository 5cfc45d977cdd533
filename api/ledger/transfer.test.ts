import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { ledgerAccounts } from '../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId, balanceOf, itemAsset } from './accounts.ts';
import { checkLedger } from './invariants.ts';
import { postTransfers } from './transfer.ts';

let database: Database;
let issuance: number;
let a: number;
let b: number;
beforeAll(async () => {
  database = await openTestDatabase();
  issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
  a = await accountId(database.db, AccountKind.wallet, 1, LUV);
  b = await accountId(database.db, AccountKind.bjReceived, 2, LUV);
  await database.db.transaction((tx) =>
    postTransfers(tx, [{ debit: issuance, credit: a, amount: 1000, asset: LUV, code: TransferCode.seed }]),
  );
});
afterAll(() => database.close());

describe('postTransfers', () => {
  it('moves integers between two accounts and keeps every invariant', async () => {
    const r = await database.db.transaction((tx) =>
      postTransfers(tx, [{ debit: a, credit: b, amount: 300, asset: LUV, code: TransferCode.gift }]),
    );
    expect(r.ok).toBe(true);
    expect(await balanceOf(database.db, AccountKind.wallet, 1, LUV)).toBe(700);
    expect(await balanceOf(database.db, AccountKind.bjReceived, 2, LUV)).toBe(300);
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it('answers insufficient_funds as a value and writes nothing', async () => {
    const r = await database.db.transaction((tx) =>
      postTransfers(tx, [{ debit: a, credit: b, amount: 701, asset: LUV, code: TransferCode.gift }]),
    );
    expect(r).toEqual({ ok: false, code: 'insufficient_funds', accountId: a });
    expect(await balanceOf(database.db, AccountKind.wallet, 1, LUV)).toBe(700);
  });

  it('refuses mixing assets (a bug, so it throws)', async () => {
    const item = await accountId(database.db, AccountKind.wallet, 1, itemAsset(442));
    await expect(
      database.db.transaction((tx) =>
        postTransfers(tx, [{ debit: a, credit: item, amount: 1, asset: LUV, code: TransferCode.gift }]),
      ),
    ).rejects.toThrow(/asset/);
  });

  it('has the database refuse a negative balance even when code forgets to check', async () => {
    await expect(database.db.update(ledgerAccounts).set({ balance: -1 }).where(sql`id = ${a}`)).rejects.toThrow();
    expect(await balanceOf(database.db, AccountKind.wallet, 1, LUV)).toBe(700);
  });

  it('keeps the journal append-only: updates and deletes are refused by the database', async () => {
    await expect(database.db.execute(sql`update ledger_transfers set amount = 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it('refuses zero, negative and non-integer amounts in the database too', async () => {
    for (const amount of ['0', '-5']) {
      await expect(
        database.db.execute(
          sql.raw(
            `insert into ledger_transfers (debit_account_id, credit_account_id, amount, asset, code) values (${a}, ${b}, ${amount}, 'luv', 'gift')`,
          ),
        ),
      ).rejects.toThrow();
    }
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });
});
