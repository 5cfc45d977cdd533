/** Broadcasts and recordings of a channel (SPEC §3 stream types and formats), and viewers' lists. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';

export const streams = pgTable(
  'streams',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    /** 1 live, 2 record (SPEC §3). */
    type: integer('type').notNull(),
    /** bp_flv, ivs or hls. */
    format: text('format').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    thumbnail: text('thumbnail'),
    /** argon2id hash of a live's password; null = open. */
    passwordHash: text('password_hash'),
    durationS: integer('duration_s'),
    viewCount: integer('view_count').notNull().default(0),
    /** A live's viewers now, across every API process (written by api/chat/viewers.ts). */
    viewers: integer('viewers').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('streams_channel_idx').on(t.channelId, t.startedAt),
    check('streams_type_chk', sql`${t.type} in (1, 2)`),
    check('streams_format_chk', sql`${t.format} in ('bp_flv','ivs','hls')`),
  ],
);

/** Streams a member watched (RECENT_VIEW, `/api/my/streams/played`). */
export const streamViews = pgTable(
  'stream_views',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    streamId: integer('stream_id')
      .notNull()
      .references(() => streams.id),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.streamId] })],
);

/** Channels a member follows (SUBSCRIPTIONS_VIEW, `/api/my/streams/subscriptions`, subscriber-count). */
export const channelFollows = pgTable(
  'channel_follows',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.channelId] }), index('channel_follows_channel_idx').on(t.channelId)],
);
