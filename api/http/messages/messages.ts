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
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { blacklist, members, messageReports, messages } from '../../db/schema/index.ts';
import { hasBlocked, memberIdByLoginId } from './blacklist.ts';
import { badPaging, fail, me, notFound, paging, parseId, readInput, textField, type Ctx } from '../cs/cs-http.ts';
import { viewMessage, type Division } from './messages-view.ts';
import { requireMember } from '../session.ts';

export const MESSAGE_CONTENT_MAX_CHARS = 500;
export const MESSAGE_DELETE_BATCH_MAX = 100;

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

/** A message the member is a party to and has not deleted, or null. */
async function ownMessage(db: Db, memberId: number, msgId: number) {
  const [row] = await db
    .select({ m: messages, s: { loginId: sender.loginId, nickname: sender.nickname }, r: { loginId: recipient.loginId, nickname: recipient.nickname } })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId))
    .where(and(eq(messages.id, msgId), or(visible(memberId, 'receive'), visible(memberId, 'send'))));
  return row ?? null;
}

export const messageRoutes = new Hono<ApiEnv>();
messageRoutes.use('/messages/*', requireMember());
messageRoutes.use('/messages', requireMember());
messageRoutes.use('/messages-read/*', requireMember());

const sendSchema = v.object({ loginId: textField(15), content: textField(MESSAGE_CONTENT_MAX_CHARS) });

messageRoutes.post('/messages', async (c) => {
  const input = await readInput(c, sendSchema);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const targetId = await memberIdByLoginId(db, input.data.loginId);
  if (!targetId) return fail(c, 404, 'target_not_found', 'No member has that ID.');
  if (targetId === me(c).id) return fail(c, 400, 'validation_failed', 'You cannot send a message to yourself.');
  if (await hasBlocked(db, targetId, me(c).id)) return fail(c, 403, 'message_blocked', 'This member is not accepting your messages.');
  const [row] = await db
    .insert(messages)
    .values({ senderId: me(c).id, recipientId: targetId, content: input.data.content })
    .returning({ id: messages.id });
  return c.json({ msgId: row!.id }, 201);
});

async function list(c: Ctx) {
  const page = paging(c);
  if (!page) return badPaging(c);
  const division = c.req.query('division') ?? 'receive';
  if (division !== 'receive' && division !== 'send') return fail(c, 400, 'validation_failed', 'Please check division.');
  const { db } = c.get('deps').database;
  const where = visible(me(c).id, division);
  const rows = await db
    .select({ m: messages, s: { loginId: sender.loginId, nickname: sender.nickname }, r: { loginId: recipient.loginId, nickname: recipient.nickname } })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId))
    .where(where)
    .orderBy(desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return c.json({
    list: rows.map((r) => viewMessage(r.m, r.s, r.r, me(c).id)),
    total: total?.n ?? 0,
    unread: await unreadCount(db, me(c).id),
    division,
    ...page,
  });
}

messageRoutes.get('/messages', list);

messageRoutes.get('/messages/unread-count', async (c) => c.json({ unread: await unreadCount(c.get('deps').database.db, me(c).id) }));

/** Opening a message: the recipient's first read marks it read. */
messageRoutes.post('/messages-read/:id', async (c) => {
  const msgId = parseId(c.req.param('id'));
  const { db } = c.get('deps').database;
  const found = msgId ? await ownMessage(db, me(c).id, msgId) : null;
  if (!found) return notFound(c, 'message');
  if (found.m.recipientId === me(c).id && !found.m.readAt) {
    const [updated] = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.id, found.m.id), isNull(messages.readAt)))
      .returning();
    if (updated) found.m = updated;
  }
  return c.json(viewMessage(found.m, found.s, found.r, me(c).id));
});

const idsSchema = v.object({
  msgIds: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 31 - 1))), v.minLength(1), v.maxLength(MESSAGE_DELETE_BATCH_MAX)),
});

/** Deletes on the caller's side only; all ids must be the caller's or nothing is deleted. */
messageRoutes.post('/messages/delete', async (c) => {
  const input = await readInput(c, idsSchema);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const ids = [...new Set(input.data.msgIds)];
  const memberId = me(c).id;
  const mine = await db
    .select({ id: messages.id, senderId: messages.senderId })
    .from(messages)
    .where(and(inArray(messages.id, ids), or(visible(memberId, 'receive'), visible(memberId, 'send'))));
  if (mine.length !== ids.length) return notFound(c, 'message');
  await db.transaction(async (tx) => {
    const sent = mine.filter((m) => m.senderId === memberId).map((m) => m.id);
    const received = mine.filter((m) => m.senderId !== memberId).map((m) => m.id);
    if (sent.length) await tx.update(messages).set({ deletedBySender: true }).where(inArray(messages.id, sent));
    if (received.length) await tx.update(messages).set({ deletedByRecipient: true }).where(inArray(messages.id, received));
  });
  return c.json({ deleted: ids.length });
});

messageRoutes.post('/messages/alldelete', async (c) => {
  const input = await readInput(c, v.object({ division: v.picklist(['receive', 'send']) }));
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const memberId = me(c).id;
  const done =
    input.data.division === 'send'
      ? await db.update(messages).set({ deletedBySender: true }).where(visible(memberId, 'send')).returning({ id: messages.id })
      : await db
          .update(messages)
          .set({ deletedByRecipient: true })
          .where(and(eq(messages.recipientId, memberId), eq(messages.deletedByRecipient, false)))
          .returning({ id: messages.id });
  return c.json({ deleted: done.length, division: input.data.division });
});

/** isBlock: the caller has blocked loginId; canSend: loginId accepts the caller's messages. */
messageRoutes.get('/messages/isblock', async (c) => {
  const loginId = (c.req.query('loginId') ?? '').trim();
  if (!loginId || loginId.length > 15) return fail(c, 400, 'validation_failed', 'Please check loginId.');
  const { db } = c.get('deps').database;
  const targetId = await memberIdByLoginId(db, loginId);
  if (!targetId) return fail(c, 404, 'target_not_found', 'No member has that ID.');
  const isBlock = await hasBlocked(db, me(c).id, targetId);
  const canSend = targetId !== me(c).id && !(await hasBlocked(db, targetId, me(c).id));
  return c.json({ loginId, isBlock, canSend });
});

/** Only the recipient reports a message; one report per message. */
messageRoutes.post('/messages/declaration/:id', async (c) => {
  const msgId = parseId(c.req.param('id'));
  const input = await readInput(c, v.object({ reason: v.optional(textField(500, 0), '') }));
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const found = msgId ? await ownMessage(db, me(c).id, msgId) : null;
  if (!found || found.m.recipientId !== me(c).id) return notFound(c, 'message');
  const added = await db
    .insert(messageReports)
    .values({ messageId: found.m.id, reporterId: me(c).id, reason: input.data.reason })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (!added.length) return fail(c, 409, 'already_reported', 'You have already reported this message.');
  return c.json({ msgId: found.m.id, reported: true }, 201);
});
