/**
 * Test helper process for tests/contract/ledger-crash.test.ts: opens the database named on the
 * command line, posts the gift batch of crash-gifts.ts in one transaction and stops dead inside it,
 * after writing MID on stdout, until the test kills it with SIGKILL:
 * `before-write` when the accounts are locked and the first answers made, before anything is
 * written but the claimed keys; `before-commit` when every row of the batch is written.
 * Usage: node api/testing/gift-batch-crash-child.ts <postgres-url | pglite-dir> <mode> <key prefix>
 */
import { writeSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { applyGiftBatch, type GiftAnswering } from '../ledger/gift.ts';
import { crashGifts } from './crash-gifts.ts';

const [target, mode, prefix] = process.argv.slice(2);
const database = await openDatabase(
  target!.startsWith('postgres') ? { databaseUrl: target!, pgliteDir: '' } : { databaseUrl: null, pgliteDir: target! },
);
const ids = Object.fromEntries((await database.db.select().from(members)).map((m) => [m.loginId, m.id]));
const hang = () => {
  // Synchronous on purpose: the process must stop right here, inside the transaction.
  writeSync(1, 'MID\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error('unreachable');
};
let answered = 0;
const requests = await crashGifts(database.db, ids, prefix!);
// The child stops inside the answering of the second gift: after the locks, before any write.
const answering: GiftAnswering = (_input, r) => {
  if (mode === 'before-write' && ++answered === 2) hang();
  return r.ok ? { status: 200, body: { transferId: r.transferId } } : { status: 409, body: {} };
};
await database.db.transaction(async (tx) => {
  await applyGiftBatch(tx, requests, new Date(), answering);
  if (mode === 'before-commit') hang();
});
throw new Error(`gift-batch-crash-child: unknown mode ${mode}`);
