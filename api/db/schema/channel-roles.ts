/** Chat roles of a channel (SPEC §6 roles; §4 manager, black list, kick, mute). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';

/**
 * kind: manager (until null), blacklist (until null), kick (until = end of the kick window),
 * mute (until = end of the mute). An expired row counts as absent.
 */
export const channelRoles = pgTable(
  'channel_roles',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    until: timestamp('until', { withTimezone: true }),
    byMemberId: integer('by_member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.memberId, t.kind] }),
    check('channel_roles_kind_chk', sql`${t.kind} in ('manager','blacklist','kick','mute')`),
  ],
);
