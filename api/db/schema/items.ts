/** The item catalogue of SPEC §3 item codes. Holdings are ledger accounts of asset `item:{code}`. */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const itemCatalog = pgTable('item_catalog', {
  code: integer('code').primaryKey(),
  /** Product name used by `POST /api/my/useItems/{prodName}`. */
  prodName: text('prod_name').notNull().unique(),
  nameKo: text('name_ko').notNull(),
  nameEn: text('name_en').notNull(),
  /** lex, pass, automatic, manual, angel, genie, random, subscription, seasonal. */
  kind: text('kind').notNull(),
  premium: boolean('premium').notNull().default(false),
  priceLuv: integer('price_luv').notNull(),
});
