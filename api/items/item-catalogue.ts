/** Reads of items (SPEC §3 item codes): the catalogue, one item by code or product name, the items a member holds. */
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import type { CatalogueItem, HeldItem } from '../../domain/answers/items.ts';
import type { Db } from '../db/client.ts';
import { itemCatalog, ledgerAccounts } from '../db/schema/index.ts';
import { AccountKind } from '../ledger/accounts.ts';
import { itemUsable } from '../ledger/catalog.ts';

export type ItemRow = typeof itemCatalog.$inferSelect;

export const itemView = (i: ItemRow) =>
  ({
    itemCode: i.code,
    prodName: i.prodName,
    nameKo: i.nameKo,
    nameEn: i.nameEn,
    kind: i.kind,
    premium: i.premium,
    priceLuv: i.priceLuv,
    /** False for the catalogue-only kinds (full-room pass, random box, subscription item): not sold, not used. */
    usable: itemUsable(i.kind),
  }) satisfies CatalogueItem;

/** The catalogue item picked by its code or its product name, or null. */
export async function findItem(db: Db, which: { code: number } | { prodName: string }): Promise<ItemRow | null> {
  const where = 'code' in which ? eq(itemCatalog.code, which.code) : eq(itemCatalog.prodName, which.prodName);
  const [item] = await db.select().from(itemCatalog).where(where);
  return item ?? null;
}

/** The whole catalogue, by item code. */
export async function itemCatalogue(db: Db): Promise<CatalogueItem[]> {
  return (await db.select().from(itemCatalog).orderBy(asc(itemCatalog.code))).map(itemView);
}

/** A page of the items the member holds (count above 0), by item code. */
export async function heldItems(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number },
): Promise<HeldItem[]> {
  const rows = await db
    .select({ count: ledgerAccounts.balance, item: itemCatalog })
    .from(ledgerAccounts)
    .innerJoin(itemCatalog, eq(ledgerAccounts.asset, sql`'item:' || ${itemCatalog.code}`))
    .where(
      and(
        eq(ledgerAccounts.kind, AccountKind.wallet),
        eq(ledgerAccounts.ownerId, memberId),
        like(ledgerAccounts.asset, 'item:%'),
        gt(ledgerAccounts.balance, 0),
      ),
    )
    .orderBy(asc(itemCatalog.code))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((r) => ({ ...itemView(r.item), count: r.count }));
}
