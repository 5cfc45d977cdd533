/** Clips of a live (api/clips/): the last 15-60 s of a running live, cut by a member, kept as MP4 + picture. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';
import { streams } from './streams.ts';

export const clips = pgTable(
  'clips',
  {
    /** Random and unguessable (12 base64url characters): the clip's address /clips/{id}. */
    id: text('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    /** The live it was cut from: its access rules (adult, password) are the clip's. */
    streamId: integer('stream_id')
      .notNull()
      .references(() => streams.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => members.id),
    title: text('title').notNull(),
    /** The length the clip plays, measured on the cut (whole seconds). */
    durationS: integer('duration_s').notNull(),
    /** Token-free media paths under /media/ (domain/media.ts `clips/{streamId}/{id}.mp4|jpg`). */
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clips_channel_created_idx').on(t.channelId, t.createdAt),
    check('clips_duration_chk', sql`${t.durationS} between 1 and 120`),
  ],
);
