/** Chat emoji (SPEC §3 emoji: emojiId, favorite). */
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const emojis = pgTable(
  'emojis',
  {
    id: serial('id').primaryKey(),
    /** Inserted into chat as `:code:`. */
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** The glyph shown (a Unicode emoji: no image to host). */
    glyph: text('glyph').notNull(),
    type: text('type').notNull().default('basic'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('emojis_code_idx').on(t.code), index('emojis_type_idx').on(t.type, t.sort)],
);

export const emojiFavorites = pgTable(
  'emoji_favorites',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    emojiId: integer('emoji_id')
      .notNull()
      .references(() => emojis.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.emojiId] })],
);
