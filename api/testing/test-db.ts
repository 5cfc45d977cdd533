/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (CI's PostgreSQL leg), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';

export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    await migrateDatabase(database);
    return database;
  }
  const { default: pg } = await import('pg');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
