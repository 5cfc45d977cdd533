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
    /** The channel's name (방송국 이름), set by its owner on My channel; a broadcast never changes it. */
    title: text('title').notNull(),
    /** The title the channel's next live starts with (broadcast panel, caster app); null = the channel's name. */
    liveTitle: text('live_title'),
    broadcasting: boolean('broadcasting').notNull().default(false),
    adultBroadcast: boolean('adult_broadcast').notNull().default(false),
    adultPlusBroadcast: boolean('adult_plus_broadcast').notNull().default(false),
    /** Broadcast theme (BROADCAST_THEMES of domain/enums.ts, THEME page); null = none chosen. */
    themeId: integer('theme_id'),
    /**
     * The password the channel's next live starts with (argon2), set by the broadcast panel or the
     * caster app before the encoder connects; the running live keeps its own copy. Null = open.
     */
    livePasswordHash: text('live_password_hash'),
    /** Picture height the caster app announced for its output (`resolution`); null = not said. */
    castResolution: integer('cast_resolution'),
    /** The caster app's `minRatingLevel` and `maxViewerCount`, kept and answered back (0 = none). */
    minRatingLevel: integer('min_rating_level').notNull().default(0),
    maxViewerCount: integer('max_viewer_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channels_owner_idx').on(t.ownerId)],
);
