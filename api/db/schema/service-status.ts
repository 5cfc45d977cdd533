import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row: the service mode the worker reads (SPEC §3 maintenance response). */
export const serviceStatus = pgTable(
  'service_status',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode').notNull().default('normal'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_status_single_row', sql`${t.id} = 1`),
    check('service_status_mode_chk', sql`${t.mode} in ('normal','maintenance','emergency')`),
  ],
);
