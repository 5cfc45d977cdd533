/** Channel boards (SPEC §3 board: boardId, channelId, category, commentId, likes, important, title). */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { members } from './members.ts';

export const boardPosts = pgTable(
  'board_posts',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => members.id),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    important: boolean('important').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_posts_channel_idx').on(t.channelId, t.id)],
);

export const boardComments = pgTable(
  'board_comments',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boardPosts.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => members.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_comments_board_idx').on(t.boardId, t.id)],
);

export const boardLikes = pgTable(
  'board_likes',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => boardPosts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('board_likes_once_idx').on(t.boardId, t.memberId)],
);

/** Per-channel board settings; a channel without a row uses the defaults (everyone may write). */
export const boardSettings = pgTable('board_settings', {
  channelId: integer('channel_id')
    .primaryKey()
    .references(() => channels.id),
  /** all: any member may post; owner: only the channel owner. */
  writePermission: text('write_permission').notNull().default('all'),
  commentsEnabled: boolean('comments_enabled').notNull().default(true),
});
