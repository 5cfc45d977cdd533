/**
 * Private messages, members only, mounted at /api/my and /v2/api/my. A member only ever sees,
 * reads, deletes or reports messages they sent or received; others' ids answer 404.
 * `POST|GET /messages`, `GET /messages/unread-count`, `POST /messages/delete {msgIds}`,
 * `POST /messages/alldelete {division}`, `GET /messages/isblock?loginId`,
 * `POST /messages/declaration/{id}`, `POST /messages-read/{id}`.
 */
import { and, count, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import * as v from 'valibot';
import { MESSAGE_DELETE_BATCH_MAX, PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { targetLoginIdSchema } from '../../domain/schemas/free-text.ts';
import { MESSAGE_DIVISIONS, messageDivisionBody, messageReportBody, messageSendBody } from '../../domain/schemas/messages.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { blacklist, members, messageReports, messages } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, ids, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { hasBlocked, memberIdByLoginId } from './blacklist.ts';
import { viewMessage, type Division } from './messages-view.ts';

const sender = alias(members, 'sender');
const recipient = alias(members, 'recipient');

/** Messages visible to the member in one division: not deleted on their side; inbox hides blocked senders. */
function visible(memberId: number, division: Division) {
  if (division === 'send') return and(eq(messages.senderId, memberId), eq(messages.deletedBySender, false));
  const blocked = sql`(select ${blacklist.targetId} from ${blacklist} where ${blacklist.ownerId} = ${memberId})`;
  return and(eq(messages.recipientId, memberId), eq(messages.deletedByRecipient, false), notInArray(messages.senderId, blocked));
}

export async function unreadCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visible(memberId, 'receive'), isNull(messages.readAt)));
  return row?.n ?? 0;
}

const withParties = (db: Db) =>
  db
    .select({ m: messages, s: { loginId: sender.loginId, nickname: sender.nickname }, r: { loginId: recipient.loginId, nickname: recipient.nickname } })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId));

/** A message the member is a party to and has not deleted, or null. */
async function ownMessage(db: Db, memberId: number, msgId: number) {
  const [row] = await withParties(db).where(and(eq(messages.id, msgId), or(visible(memberId, 'receive'), visible(memberId, 'send'))));
  return row ?? null;
}

/** A malformed id names no message: 404, as someone else's. */
const malformedIsMissing = { invalid: 'not_found' } as const;
const missingMessage = { messageKey: 'error_not_found_message' };

const listQuery = v.object({ division: v.optional(v.picklist(MESSAGE_DIVISIONS), 'receive'), ...paging(PAGE_LIMIT_DEFAULT) });
const deleteBody = v.object({ msgIds: v.pipe(v.array(idNumber), v.minLength(1), v.maxLength(MESSAGE_DELETE_BATCH_MAX)) });

export const messageRoutes = new Hono<ApiEnv>()
  .post(
    '/messages',
    doc({
      tag: 'messages',
      summary: 'Sends a private message',
      responses: { 201: '{ msgId }' },
      errors: ['target_not_found', 'message_blocked'],
    }),
    requireMember(),
    body(messageSendBody),
    async (c) => {
      const input = c.req.valid('json');
      const { db } = c.get('deps').database;
      const targetId = await memberIdByLoginId(db, input.loginId);
      if (!targetId) return fail(c, 'target_not_found');
      if (targetId === me(c).id) return fail(c, 'validation_failed', { messageKey: 'error_validation_failed_message_self', fields: { field: 'loginId' } });
      if (await hasBlocked(db, targetId, me(c).id)) return fail(c, 'message_blocked');
      const [row] = await db
        .insert(messages)
        .values({ senderId: me(c).id, recipientId: targetId, content: input.content })
        .returning({ id: messages.id });
      return c.json({ msgId: row!.id }, 201);
    },
  )
  .get(
    '/messages',
    doc({
      tag: 'messages',
      summary: 'The inbox (division=receive, hiding blocked senders) or the sent box, newest first',
      responses: { 200: '{ list: [message], total, unread, division, offset, limit }' },
    }),
    requireMember(),
    query(listQuery),
    async (c) => {
      const { division, ...page } = c.req.valid('query');
      const { db } = c.get('deps').database;
      const where = visible(me(c).id, division);
      const rows = await withParties(db).where(where).orderBy(desc(messages.id)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ n: count() }).from(messages).where(where);
      return c.json({
        list: rows.map((r) => viewMessage(r.m, r.s, r.r, me(c).id)),
        total: total?.n ?? 0,
        unread: await unreadCount(db, me(c).id),
        division,
        ...page,
      });
    },
  )
  .get(
    '/messages/unread-count',
    doc({ tag: 'messages', summary: 'Unread messages in the inbox (the header badge)', responses: { 200: '{ unread }' } }),
    requireMember(),
    async (c) => c.json({ unread: await unreadCount(c.get('deps').database.db, me(c).id) }),
  )
  .post(
    '/messages-read/:id',
    doc({ tag: 'messages', summary: "Opens a message; the recipient's first read marks it read", responses: { 200: 'The message' }, errors: ['not_found'] }),
    requireMember(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const { db } = c.get('deps').database;
      const found = await ownMessage(db, me(c).id, c.req.valid('param').id);
      if (!found) return fail(c, 'not_found', missingMessage);
      if (found.m.recipientId === me(c).id && !found.m.readAt) {
        const [updated] = await db
          .update(messages)
          .set({ readAt: new Date() })
          .where(and(eq(messages.id, found.m.id), isNull(messages.readAt)))
          .returning();
        if (updated) found.m = updated;
      }
      return c.json(viewMessage(found.m, found.s, found.r, me(c).id));
    },
  )
  .post(
    '/messages/delete',
    doc({
      tag: 'messages',
      summary: "Deletes messages on the caller's side only; nothing is deleted unless every id is the caller's",
      responses: { 200: '{ deleted }' },
      errors: ['not_found'],
    }),
    requireMember(),
    body(deleteBody),
    async (c) => {
      const { db } = c.get('deps').database;
      const msgIds = [...new Set(c.req.valid('json').msgIds)];
      const memberId = me(c).id;
      const mine = await db
        .select({ id: messages.id, senderId: messages.senderId })
        .from(messages)
        .where(and(inArray(messages.id, msgIds), or(visible(memberId, 'receive'), visible(memberId, 'send'))));
      if (mine.length !== msgIds.length) return fail(c, 'not_found', missingMessage);
      await db.transaction(async (tx) => {
        const sent = mine.filter((m) => m.senderId === memberId).map((m) => m.id);
        const received = mine.filter((m) => m.senderId !== memberId).map((m) => m.id);
        if (sent.length) await tx.update(messages).set({ deletedBySender: true }).where(inArray(messages.id, sent));
        if (received.length) await tx.update(messages).set({ deletedByRecipient: true }).where(inArray(messages.id, received));
      });
      return c.json({ deleted: msgIds.length });
    },
  )
  .post(
    '/messages/alldelete',
    doc({ tag: 'messages', summary: "Deletes a whole division on the caller's side", responses: { 200: '{ deleted, division }' } }),
    requireMember(),
    body(messageDivisionBody),
    async (c) => {
      const { division } = c.req.valid('json');
      const { db } = c.get('deps').database;
      const memberId = me(c).id;
      const done =
        division === 'send'
          ? await db.update(messages).set({ deletedBySender: true }).where(visible(memberId, 'send')).returning({ id: messages.id })
          : await db
              .update(messages)
              .set({ deletedByRecipient: true })
              .where(and(eq(messages.recipientId, memberId), eq(messages.deletedByRecipient, false)))
              .returning({ id: messages.id });
      return c.json({ deleted: done.length, division });
    },
  )
  .get(
    '/messages/isblock',
    doc({
      tag: 'messages',
      summary: 'isBlock: the caller has blocked loginId; canSend: loginId accepts the caller’s messages',
      responses: { 200: '{ loginId, isBlock, canSend }' },
      errors: ['target_not_found'],
    }),
    requireMember(),
    query(v.object({ loginId: targetLoginIdSchema })),
    async (c) => {
      const { loginId } = c.req.valid('query');
      const { db } = c.get('deps').database;
      const targetId = await memberIdByLoginId(db, loginId);
      if (!targetId) return fail(c, 'target_not_found');
      const isBlock = await hasBlocked(db, me(c).id, targetId);
      const canSend = targetId !== me(c).id && !(await hasBlocked(db, targetId, me(c).id));
      return c.json({ loginId, isBlock, canSend });
    },
  )
  .post(
    '/messages/declaration/:id',
    doc({
      tag: 'messages',
      summary: 'Reports a received message (once)',
      responses: { 201: '{ msgId, reported: true }' },
      errors: ['not_found', 'already_reported'],
    }),
    requireMember(),
    params(ids('id'), malformedIsMissing),
    body(messageReportBody),
    async (c) => {
      const { db } = c.get('deps').database;
      const found = await ownMessage(db, me(c).id, c.req.valid('param').id);
      if (!found || found.m.recipientId !== me(c).id) return fail(c, 'not_found', missingMessage);
      const added = await db
        .insert(messageReports)
        .values({ messageId: found.m.id, reporterId: me(c).id, reason: c.req.valid('json').reason })
        .onConflictDoNothing()
        .returning({ id: messageReports.id });
      if (!added.length) return fail(c, 'already_reported');
      return c.json({ msgId: found.m.id, reported: true }, 201);
    },
  );
