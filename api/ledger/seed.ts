/**
 * Demo money for development (called by api/db/seed.ts): coupons, and luv and items for viewer01
 * and viewer02 through issuance transfers, on top of the catalogue (api/db/seed-catalogue.ts).
 * Idempotent: a grant is skipped when its `seed:` reference is already in the journal.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { coupons, ledgerTransfers, members } from '../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId, itemAsset } from './accounts.ts';
import { DEMO_COUPONS } from './catalog.ts';
import { postTransfers } from './transfer.ts';

export const SEED_GRANTS = [
  { loginId: 'viewer01', asset: LUV, amount: 50_000 },
  { loginId: 'viewer02', asset: LUV, amount: 20_000 },
  { loginId: 'viewer01', asset: itemAsset(442), amount: 5 },
  { loginId: 'viewer01', asset: itemAsset(100), amount: 100 },
  { loginId: 'viewer02', asset: itemAsset(448), amount: 2 },
] as const;

/** The catalogue and the demo coupons: what every environment's tests can rely on. */
export async function seedCatalog(db: Db): Promise<void> {
  await seedCatalogue(db);
  await db
    .insert(coupons)
    .values([...DEMO_COUPONS])
    .onConflictDoNothing();
}

export async function seedLedger(db: Db): Promise<void> {
  await seedCatalog(db);
  const loginIds = [...new Set(SEED_GRANTS.map((g) => g.loginId))];
  const rows = await db
    .select({ id: members.id, loginId: members.loginId })
    .from(members)
    .where(inArray(members.loginId, loginIds));
  const ids = new Map(rows.map((r) => [r.loginId, r.id]));
  for (const grant of SEED_GRANTS) {
    const memberId = ids.get(grant.loginId);
    if (memberId === undefined) continue;
    const ref = `seed:${grant.loginId}:${grant.asset}`;
    const [done] = await db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.ref, ref));
    if (done) continue;
    const debit = await accountId(db, AccountKind.issuance, SYSTEM, grant.asset);
    const credit = await accountId(db, AccountKind.wallet, memberId, grant.asset);
    const code = grant.asset === LUV ? TransferCode.seed : TransferCode.itemIssue;
    await db.transaction(async (tx) => {
      await postTransfers(tx, [{ debit, credit, amount: grant.amount, asset: grant.asset, code, ref }]);
    });
  }
}
