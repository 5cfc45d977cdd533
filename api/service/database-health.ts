import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Whether the database answers a trivial query; false on any failure to reach it. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
