import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { LUV_PRODUCTS, ITEMS } from '../ledger/catalog.ts';
import { openTestApp } from '../testing/app.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import type { Database } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { coupons, itemCatalog, luvProducts, members } from './schema/index.ts';

let database: Database;
const productionEnv = { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) };
const production = loadConfig(productionEnv);

beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database, production);
});
afterAll(() => database.close());

describe('the catalogue at every start', () => {
  it('a production start lists the luv products and the items, with no demo accounts or coupons', async () => {
    const t = await openTestApp({ database, env: productionEnv });
    const res = await t.app.request('/api/shoppings/luv/products');
    await t.close();
    expect(res.status).toBe(200);
    const { products } = (await res.json()) as { products: unknown[] };
    expect(products).toEqual(LUV_PRODUCTS.map((p) => ({ productId: p.id, luv: p.luv, priceWon: p.priceWon })));
    expect(await database.db.select().from(itemCatalog)).toHaveLength(ITEMS.length);
    expect(await database.db.select().from(members)).toEqual([]);
    expect(await database.db.select().from(coupons)).toEqual([]);
  });

  it('is idempotent, and corrects a catalogue row that differs from the code', async () => {
    await database.db.update(luvProducts).set({ priceWon: 1 }).where(eq(luvProducts.id, 1));
    await database.db.update(itemCatalog).set({ priceLuv: 9_999 }).where(eq(itemCatalog.code, 442));
    await prepareDatabase(database, production);
    await prepareDatabase(database, production);
    const [product] = await database.db.select().from(luvProducts).where(eq(luvProducts.id, 1));
    expect(product!.priceWon).toBe(LUV_PRODUCTS[0].priceWon);
    const [angel] = await database.db.select().from(itemCatalog).where(eq(itemCatalog.code, 442));
    expect(angel!.priceLuv).toBe(ITEMS.find((i) => i.code === 442)!.priceLuv);
    expect(await database.db.select().from(luvProducts)).toHaveLength(LUV_PRODUCTS.length);
  });

  it('a development start adds the demo data on top', async () => {
    await prepareDatabase(database, loadConfig({ PLATFORM_ENV: 'development' }));
    expect((await database.db.select().from(members)).length).toBeGreaterThan(0);
    expect((await database.db.select().from(coupons)).length).toBeGreaterThan(0);
  });
});
