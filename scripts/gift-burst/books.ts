/**
 * The gift-burst benchmark's books: members with luv to send before the API starts, and after it
 * stopped a check that the ledger holds exactly what the answers said.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { loadConfig } from '../../api/config.ts';
import type { Database } from '../../api/db/client.ts';
import { prepareDatabase } from '../../api/db/prepare.ts';
import { demoChannelId } from '../../api/db/seed.ts';
import { channels, idempotencyKeys, ledgerTransfers, members } from '../../api/db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId, balanceOf } from '../../api/ledger/accounts.ts';
import { checkLedger } from '../../api/ledger/invariants.ts';
import { postTransfers } from '../../api/ledger/transfer.ts';

export const SENDER_LUV = 1_000_000_000;

export interface Senders {
  channelId: number;
  bjId: number;
  receivedBefore: number;
  members: { id: number; token: string }[];
}

/** What one run of the burst reports per sender: gifts answered 200. */
export interface SenderCounts {
  perSender: number[];
}

/** Migrates and seeds as `npm start` does, then adds `count` members holding SENDER_LUV each. */
export async function prepareSenders(database: Database, count: number): Promise<Senders> {
  const config = loadConfig({ PLATFORM_ENV: 'development' });
  await prepareDatabase(database, config);
  const channelId = await demoChannelId(database.db);
  const [channel] = await database.db
    .select({ ownerId: channels.ownerId })
    .from(channels)
    .where(eq(channels.id, channelId));
  const issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
  const out: Senders['members'] = [];
  for (let i = 0; i < count; i++) {
    const [m] = await database.db
      .insert(members)
      .values({ loginId: `burst${String(i).padStart(2, '0')}`, nickname: `burst${i}`, passwordHash: 'x' })
      .returning({ id: members.id });
    const wallet = await accountId(database.db, AccountKind.wallet, m!.id, LUV);
    await database.db.transaction((tx) =>
      postTransfers(tx, [{ debit: issuance, credit: wallet, amount: SENDER_LUV, asset: LUV, code: TransferCode.seed }]),
    );
    out.push({ id: m!.id, token: await signAccessToken(m!.id, `burst-${i}`, config.jwtSecret) });
  }
  const receivedBefore = await balanceOf(database.db, AccountKind.bjReceived, channel!.ownerId, LUV);
  return { channelId, bjId: channel!.ownerId, receivedBefore, members: out };
}

/** Every way the books could disagree with the answers; empty when they are exact. */
export async function checkBooks(database: Database, senders: Senders, runs: SenderCounts[]): Promise<string[]> {
  const { db } = database;
  const problems = [...(await checkLedger(db)).problems];
  const per = senders.members.map((_, i) => runs.reduce((n, r) => n + (r.perSender[i] ?? 0), 0));
  const total = per.reduce((a, b) => a + b, 0);
  const received = await balanceOf(db, AccountKind.bjReceived, senders.bjId, LUV);
  if (received - senders.receivedBefore !== total)
    problems.push(`BJ received ${received - senders.receivedBefore}, answers said ${total}`);
  for (const [i, m] of senders.members.entries()) {
    const wallet = await balanceOf(db, AccountKind.wallet, m.id, LUV);
    if (wallet !== SENDER_LUV - per[i]!)
      problems.push(`sender ${i}: wallet ${wallet}, answers said ${SENDER_LUV - per[i]!}`);
  }
  const ids = senders.members.map((m) => m.id);
  const wallets = await Promise.all(ids.map((id) => accountId(db, AccountKind.wallet, id, LUV)));
  const [journal] = await db
    .select({ n: sql<string>`count(*)` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.code, TransferCode.gift), inArray(ledgerTransfers.debitAccountId, wallets)));
  if (Number(journal!.n) !== total) problems.push(`${journal!.n} gift transfers in the journal, answers said ${total}`);
  const [keys] = await db
    .select({ n: sql<string>`count(*)` })
    .from(idempotencyKeys)
    .where(and(inArray(idempotencyKeys.memberId, ids), eq(idempotencyKeys.status, 200)));
  if (Number(keys!.n) !== total) problems.push(`${keys!.n} stored 200 answers, answers said ${total}`);
  return problems;
}

/**
 * How many gifts each commit carried on average over all runs: a transaction's rows share its
 * `now()`, so the distinct creation times of the senders' gift rows count the batches.
 */
export async function giftsPerCommit(database: Database, senders: Senders): Promise<number> {
  const { db } = database;
  const wallets = await Promise.all(senders.members.map((m) => accountId(db, AccountKind.wallet, m.id, LUV)));
  const [row] = await db
    .select({ gifts: sql<string>`count(*)`, commits: sql<string>`count(distinct ${ledgerTransfers.createdAt})` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.code, TransferCode.gift), inArray(ledgerTransfers.debitAccountId, wallets)));
  return Number(row!.commits) ? Number(row!.gifts) / Number(row!.commits) : 0;
}
