/** Customer service: inquiries, reports (declarations), notices, developer notices, guides, attachments. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiries_member_idx').on(t.memberId, t.id)],
);

/** A report (declaration) of a member, a broadcast or a post. */
export const declarations = pgTable(
  'declarations',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => members.id),
    category: text('category').notNull(),
    targetLoginId: text('target_login_id').notNull(),
    content: text('content').notNull(),
    status: text('status').notNull().default('received'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('declarations_reporter_idx').on(t.reporterId, t.id)],
);

/** kind: notice (service notices) or develop (developer notices). */
export const csNotices = pgTable(
  'cs_notices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cs_notices_kind_chk', sql`${t.kind} in ('notice','develop')`)],
);

export const guides = pgTable('guides', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files stored through api/storage, attached to an inquiry, a declaration or a board post. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    ownerKind: text('owner_kind').notNull(),
    ownerRecordId: integer('owner_record_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_owner_idx').on(t.ownerKind, t.ownerRecordId),
    check('attachments_kind_chk', sql`${t.ownerKind} in ('inquiry','declaration','board')`),
  ],
);
