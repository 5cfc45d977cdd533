/** Private messages (SPEC §3 message: loginId, content, msgId, division, targetId, matchId). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * One row per message; each side deletes independently (a deleted message disappears only for
 * the side that deleted it), so neither party can erase the other's copy or a reported message.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => members.id),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => members.id),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedBySender: boolean('deleted_by_sender').notNull().default(false),
    deletedByRecipient: boolean('deleted_by_recipient').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_recipient_idx').on(t.recipientId, t.id),
    index('messages_sender_idx').on(t.senderId, t.id),
    check('messages_not_self_chk', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/** A recipient's report of a message (`messages/declaration/{id}`); one per message and reporter. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => members.id),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_reports_once_idx').on(t.messageId, t.reporterId)],
);
