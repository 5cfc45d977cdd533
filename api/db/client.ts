/**
 * Opens the database: PostgreSQL when a URL is given, PGlite on disk (or `memory://`) otherwise.
 * Both go through Drizzle with the same schema and the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { installDrizzleParsers } from './pglite-parsers.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data directory, or `memory://`. */
  pgliteDir: string;
}

export async function openDatabase({ databaseUrl, pgliteDir }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: 2000,
      query_timeout: 10_000,
    });
    // Short waits so an outage answers 503 quickly instead of hanging (api/db/unavailable.ts).
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on('error', () => {});
    // A client checked out (a transaction) when the server goes away errors on its own emitter.
    pool.on('connect', (client) => client.on('error', () => {}));
    return { db: drizzle({ client: pool, schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm: the search indexes of migration 0024 (api/search/).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (!pgliteDir.startsWith('memory://')) mkdirSync(pgliteDir, { recursive: true });
  const client = new PGlite(pgliteDir, { extensions: { pg_trgm } });
  await client.waitReady;
  installDrizzleParsers(client);
  return { db: drizzle({ client, schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Applies pending migrations; a no-op when the schema is current. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  }
}
