/** Channels and their settings (SPEC §3 channel, channel settings). */
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => members.id),
    title: text('title').notNull(),
    broadcasting: boolean('broadcasting').notNull().default(false),
    adultBroadcast: boolean('adult_broadcast').notNull().default(false),
    adultPlusBroadcast: boolean('adult_plus_broadcast').notNull().default(false),
    /** Broadcast theme (BROADCAST_THEMES of domain/enums.ts, THEME page); null = none chosen. */
    themeId: integer('theme_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channels_owner_idx').on(t.ownerId)],
);
