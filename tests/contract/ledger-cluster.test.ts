/**
 * Two API processes on one PostgreSQL (as `npm run cluster` runs them), each batching its own gifts,
 * under a rush on one channel: every sender's gifts go to both processes at once, keys repeat across
 * processes, a poor sender and a capped one race against their limits. Afterwards the books are
 * exact: every invariant of checkLedger(), one journal row per key answered 200, each wallet down by
 * exactly what its answers said, a key's answers all alike. Needs TEST_DATABASE_URL (skipped on PGlite).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { loadConfig } from '../../api/config.ts';
import { openDatabase, type Database } from '../../api/db/client.ts';
import { demoChannelId } from '../../api/db/seed.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId, balanceOf } from '../../api/ledger/accounts.ts';
import { writeCaps } from '../../api/ledger/caps.ts';
import { checkLedger } from '../../api/ledger/invariants.ts';
import { postTransfers } from '../../api/ledger/transfer.ts';
import { freshDatabase, startApi, type Proc } from '../fault/processes.ts';
import { eq } from 'drizzle-orm';

const admin = process.env.TEST_DATABASE_URL;
const RICH = 6;
const GIFTS_EACH = 40;
const START = { rich: 1_000_000, poor: 25, capped: 1_000_000 };
const CAP_LUV = 30;

interface Sender {
  id: number;
  token: string;
  start: number;
}
let apis: Proc[] = [];
let database: Database;
let channelId: number;
let bjId: number;
const senders: Record<string, Sender> = {};

beforeAll(async () => {
  if (!admin) return;
  const url = await freshDatabase(`ledger_cluster_${process.pid}`);
  apis = [await startApi(url)]; // the first migrates and seeds alone
  apis.push(await startApi(url));
  database = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  const { jwtSecret } = loadConfig({ PLATFORM_ENV: 'development' });
  const issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
  const names = [...Array.from({ length: RICH }, (_, i) => `rich${i}`), 'poor', 'capped'];
  for (const name of names) {
    const [m] = await database.db
      .insert(members)
      .values({ loginId: `cluster${name}`, nickname: name, passwordHash: 'x' })
      .returning();
    const start = name === 'poor' ? START.poor : name === 'capped' ? START.capped : START.rich;
    const wallet = await accountId(database.db, AccountKind.wallet, m!.id, LUV);
    await database.db.transaction((tx) =>
      postTransfers(tx, [{ debit: issuance, credit: wallet, amount: start, asset: LUV, code: TransferCode.seed }]),
    );
    senders[name] = { id: m!.id, token: await signAccessToken(m!.id, `cluster-${name}`, jwtSecret), start };
  }
  await writeCaps(database.db, senders.capped!.id, { dailyLuv: CAP_LUV, monthlyLuv: null }, new Date());
  channelId = await demoChannelId(database.db);
  [{ ownerId: bjId }] = await database.db
    .select({ ownerId: channels.ownerId })
    .from(channels)
    .where(eq(channels.id, channelId));
}, 240_000);
afterAll(async () => {
  await database?.close();
  await Promise.all(apis.map((a) => a.stop()));
});

interface Answer {
  status: number;
  body: { transferId?: number; balance?: number; error?: string };
}

async function send(api: Proc, s: Sender, key: string, amount: number): Promise<Answer> {
  const res = await fetch(`${api.origin}/api/lives/send-luv`, {
    method: 'POST',
    headers: { cookie: `flx_oauth_access=${s.token}`, 'idempotency-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ channelId, amount, message: '' }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

it.skipIf(!admin)(
  'keeps the books exact with two processes batching gifts to one BJ',
  async () => {
    const receivedBefore = await balanceOf(database.db, AccountKind.bjReceived, bjId, LUV);
    // Every key goes once to each process at the same moment, and a third of them a third time.
    const calls: Promise<[string, string, Answer]>[] = [];
    for (const [name, s] of Object.entries(senders))
      for (let n = 0; n < GIFTS_EACH; n++) {
        const key = `cluster-${n}`;
        for (let copy = 0; copy < (n % 3 === 0 ? 3 : 2); copy++)
          calls.push(send(apis[copy % 2]!, s, key, 1).then((a) => [name, key, a]));
      }
    const answers = await Promise.all(calls);
    expect(answers.filter(([, , a]) => a.status >= 500)).toEqual([]);

    const byKey = new Map<string, Answer[]>();
    for (const [name, key, a] of answers) byKey.set(`${name}|${key}`, [...(byKey.get(`${name}|${key}`) ?? []), a]);
    for (const [key, seen] of byKey) for (const a of seen) expect(a, key).toEqual(seen[0]);
    const spent = (name: string) =>
      [...byKey].filter(([k, [a]]) => k.startsWith(`${name}|`) && a!.status === 200).length;
    expect(spent('poor')).toBe(START.poor);
    expect(spent('capped')).toBe(CAP_LUV);
    for (const [name, s] of Object.entries(senders))
      expect(await balanceOf(database.db, AccountKind.wallet, s.id, LUV), name).toBe(s.start - spent(name));
    const total = Object.keys(senders).reduce((sum, name) => sum + spent(name), 0);
    expect(await balanceOf(database.db, AccountKind.bjReceived, bjId, LUV)).toBe(receivedBefore + total);
    const transferIds = [...byKey.values()].map(([a]) => a!.body.transferId).filter((id) => id !== undefined);
    expect(new Set(transferIds).size).toBe(total);
    expect((await checkLedger(database.db)).problems).toEqual([]);
  },
  240_000,
);
