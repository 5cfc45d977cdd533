/**
 * Test helper process for tests/contract/ledger-crash.test.ts: opens the database named on the
 * command line, starts an idempotent gift, posts its first leg, says MID on stdout and then hangs
 * inside the open transaction until the test kills it with SIGKILL.
 * Usage: node api/testing/ledger-crash-child.ts <postgres-url | pglite-dir> <fromId> <toId> <key>
 */
import { openDatabase } from '../db/client.ts';
import { AccountKind, LUV, TransferCode, accountId } from '../ledger/accounts.ts';
import { requestHash, runIdempotent } from '../ledger/idempotency.ts';
import { postTransfers } from '../ledger/transfer.ts';

const [target, from, to, key] = process.argv.slice(2);
const database = await openDatabase(
  target!.startsWith('postgres') ? { databaseUrl: target!, pgliteDir: '' } : { databaseUrl: null, pgliteDir: target! },
);
const wallet = await accountId(database.db, AccountKind.wallet, Number(from), LUV);
const received = await accountId(database.db, AccountKind.bjReceived, Number(to), LUV);
const platform = await accountId(database.db, AccountKind.platformRevenue, 0, LUV);
await runIdempotent(
  database.db,
  { memberId: Number(from), key: key!, hash: requestHash('crash-gift', { amount: 100 }) },
  async (tx) => {
    await postTransfers(tx, [
      { debit: wallet, credit: received, amount: 90, asset: LUV, code: TransferCode.gift, ref: 'crash' },
    ]);
    process.stdout.write('MID\n');
    await new Promise(() => {});
    await postTransfers(tx, [
      { debit: wallet, credit: platform, amount: 10, asset: LUV, code: TransferCode.gift, ref: 'crash' },
    ]);
    return { status: 200, body: {} };
  },
);
