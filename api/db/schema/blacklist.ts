/** Blocking: a member's black list. A blocked member cannot message the owner; chat lines are hidden. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const blacklist = pgTable(
  'blacklist',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => members.id),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blacklist_pair_idx').on(t.ownerId, t.targetId),
    check('blacklist_not_self_chk', sql`${t.ownerId} <> ${t.targetId}`),
  ],
);
