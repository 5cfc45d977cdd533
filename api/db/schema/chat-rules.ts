/** A room's chat rules (api/chat/rules.ts): one row per channel that set any; no row = every rule off. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';

export const chatRules = pgTable(
  'chat_rules',
  {
    channelId: integer('channel_id')
      .primaryKey()
      .references(() => channels.id),
    /** 0 = off. */
    slowModeS: integer('slow_mode_s').notNull().default(0),
    /** null = off, 0 = any follower, N = following for at least N minutes. */
    followersOnlyMinM: integer('followers_only_min_m'),
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    emoteOnly: boolean('emote_only').notNull().default(false),
    /** The words as the BJ or a manager wrote them (trimmed, deduplicated), a JSON array of strings. */
    blockedWords: jsonb('blocked_words').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => members.id),
  },
  (t) => [
    check('chat_rules_slow_mode_chk', sql`${t.slowModeS} between 0 and 300`),
    check(
      'chat_rules_followers_chk',
      sql`${t.followersOnlyMinM} is null or ${t.followersOnlyMinM} between 0 and 129600`,
    ),
  ],
);
