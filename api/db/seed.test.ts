import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { channels, members } from './schema/index.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { verifyPassword } from '../auth/passwords.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('seeds the demo accounts once, however often it runs', async () => {
  await seedDemoData(database.db);
  await seedDemoData(database.db);
  const rows = await database.db.select().from(members);
  expect(rows.map((r) => r.loginId).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.loginId).sort());
  const [blocked] = rows.filter((r) => r.loginId === 'blocked01');
  expect(blocked!.blocked).toBe(true);
  expect(await verifyPassword(rows[0]!.passwordHash, DEMO_PASSWORD)).toBe(true);
  expect(await verifyPassword(rows[0]!.passwordHash, 'wrong-password1!')).toBe(false);
  const [bj] = rows.filter((r) => r.loginId === 'bj0001');
  expect(await database.db.select().from(channels).where(eq(channels.ownerId, bj!.id))).toHaveLength(1);
});
