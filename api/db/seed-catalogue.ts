/**
 * The catalogue every environment sells: luv products (SPEC prices in won) and the item catalogue
 * with its prices in luv (api/ledger/catalog.ts). Run at every start, production included, and
 * idempotent: rows are inserted when missing and corrected when the code's values changed; rows
 * already equal are not written. Demo things (accounts, balances, coupons) are not catalogue: see
 * api/db/seed.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { itemCatalog, luvProducts } from './schema/index.ts';
import { ITEMS, LUV_PRODUCTS } from '../ledger/catalog.ts';

export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(luvProducts)
    .values([...LUV_PRODUCTS])
    .onConflictDoUpdate({
      target: luvProducts.id,
      set: { luv: sql`excluded.luv`, priceWon: sql`excluded.price_won`, sort: sql`excluded.sort` },
      setWhere: sql`(${luvProducts.luv}, ${luvProducts.priceWon}, ${luvProducts.sort}) is distinct from (excluded.luv, excluded.price_won, excluded.sort)`,
    });
  await db
    .insert(itemCatalog)
    .values([...ITEMS])
    .onConflictDoUpdate({
      target: itemCatalog.code,
      set: {
        prodName: sql`excluded.prod_name`,
        nameKo: sql`excluded.name_ko`,
        nameEn: sql`excluded.name_en`,
        kind: sql`excluded.kind`,
        premium: sql`excluded.premium`,
        priceLuv: sql`excluded.price_luv`,
      },
      setWhere: sql`(${itemCatalog.prodName}, ${itemCatalog.nameKo}, ${itemCatalog.nameEn}, ${itemCatalog.kind}, ${itemCatalog.premium}, ${itemCatalog.priceLuv})
        is distinct from (excluded.prod_name, excluded.name_ko, excluded.name_en, excluded.kind, excluded.premium, excluded.price_luv)`,
    });
}
