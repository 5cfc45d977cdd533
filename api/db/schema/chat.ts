/** Chat rooms, every line sent (kept for reports and for the seq replay), and connect tickets. */
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/** One row per room: the seq counter and the freeze switch, shared by every API process. */
export const chatRooms = pgTable('chat_rooms', {
  room: text('room').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  frozen: boolean('frozen').notNull().default(false),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    room: text('room').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    loginId: text('login_id').notNull(),
    nickname: text('nickname').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Badges when the line was sent (domain/chat-events.ts ChatLine); null: none (or a line from before badges). */
    subscriberMonths: integer('subscriber_months'),
    topGiver: integer('top_giver'),
  },
  (t) => [primaryKey({ columns: [t.room, t.seq] }), index('chat_messages_member_idx').on(t.memberId)],
);

/** Single-use tickets: only the SHA-256 of the ticket is stored. */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    hash: text('hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The HTTPS session the ticket was bought with: its revocation ends the chat connection too. */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('chat_tickets_expires_idx').on(t.expiresAt)],
);
