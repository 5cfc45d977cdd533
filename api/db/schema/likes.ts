/** Channels a member likes (the LIKE page of SPEC §2; the heart on a channel page). */
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';

export const channelLikes = pgTable(
  'channel_likes',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.channelId] }),
    index('channel_likes_channel_idx').on(t.channelId),
    index('channel_likes_member_idx').on(t.memberId, t.createdAt),
  ],
);
