/** Broadcaster tools: channel notices, the luv preset and the channel-register application. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';

export const channelNotices = pgTable(
  'channel_notices',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channel_notices_channel_idx').on(t.channelId, t.id)],
);

/**
 * One row per member who touched the broadcaster tools. approval follows SPEC §3 broadcast
 * approval: 0 unapplied, 1 requested, 2 approved, 3 rejected. luvPreset: the gift amounts a
 * channel offers viewers as one-click buttons.
 */
export const broadcasterProfiles = pgTable(
  'broadcaster_profiles',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    approval: integer('approval').notNull().default(0),
    channelTitle: text('channel_title'),
    introduction: text('introduction').notNull().default(''),
    luvPreset: jsonb('luv_preset').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('broadcaster_profiles_approval_chk', sql`${t.approval} in (0,1,2,3)`)],
);
