import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { openTestDatabase } from '../testing/test-db.ts';

const verified: string[] = [];
vi.mock('../auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/passwords.ts')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      verified.push(hash);
      return real.verifyPassword(hash, password);
    },
  };
});

const { checkCredentials } = await import('./credentials.ts');

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
});
afterAll(() => database.close());

describe('checkCredentials', () => {
  it('runs one argon2id verification for an unknown ID, as for a known one (no timing shortcut)', async () => {
    verified.length = 0;
    expect(await checkCredentials(database.db, 'nobody999', 'whatever1!')).toBeNull();
    expect(await checkCredentials(database.db, 'viewer01', 'wrong123!')).toBeNull();
    expect(verified).toHaveLength(2);
    for (const hash of verified) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers the member for the right password, blocked or not', async () => {
    expect(await checkCredentials(database.db, 'viewer01', 'demo1234!')).toMatchObject({
      loginId: 'viewer01',
      blocked: false,
    });
    expect(await checkCredentials(database.db, 'blocked01', 'demo1234!')).toMatchObject({
      loginId: 'blocked01',
      blocked: true,
    });
  });
});
