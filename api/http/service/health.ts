import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';

/** `GET /api/health`: liveness plus which database answers. 503 when it does not. */
export const health = new Hono<ApiEnv>();

health.get('/', async (c) => {
  const { database } = c.get('deps');
  try {
    await database.db.execute(sql`select 1`);
    return c.json({ status: 'ok', database: database.kind });
  } catch {
    return c.json({ status: 'degraded', database: database.kind, error: 'database_unavailable' }, 503);
  }
});
