/**
 * Private messages between members: a member only ever sees, reads, deletes or reports messages
 * they sent or received and have not deleted on their side; the inbox hides blocked senders.
 * Refusals are result codes; api/messages/messages-routes.ts answers them.
 */
import { and, count, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message, MessageBlockCheck, MessageBox } from '../../domain/answers/messages.ts';
import type { Division } from '../../domain/messages.ts';
import type { Db } from '../db/client.ts';
import { blacklist, members, messageReports, messages } from '../db/schema/index.ts';
import { hasBlocked, memberIdByLoginId } from './blacklist.ts';
import { viewMessage } from './messages-view.ts';

const sender = alias(members, 'sender');
const recipient = alias(members, 'recipient');

/** Messages visible to the member in one division: not deleted on their side; inbox hides blocked senders. */
function visible(memberId: number, division: Division) {
  if (division === 'send') return and(eq(messages.senderId, memberId), eq(messages.deletedBySender, false));
  const blocked = sql`(select ${blacklist.targetId} from ${blacklist} where ${blacklist.ownerId} = ${memberId})`;
  return and(
    eq(messages.recipientId, memberId),
    eq(messages.deletedByRecipient, false),
    notInArray(messages.senderId, blocked),
  );
}

const eitherBox = (memberId: number) => or(visible(memberId, 'receive'), visible(memberId, 'send'));

export async function unreadCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visible(memberId, 'receive'), isNull(messages.readAt)));
  return row?.n ?? 0;
}

const withParties = (db: Db) =>
  db
    .select({
      m: messages,
      s: { loginId: sender.loginId, nickname: sender.nickname },
      r: { loginId: recipient.loginId, nickname: recipient.nickname },
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId));

/** A message the member is a party to and has not deleted, or null. */
async function ownMessage(db: Db, memberId: number, msgId: number) {
  const [row] = await withParties(db).where(and(eq(messages.id, msgId), eitherBox(memberId)));
  return row ?? null;
}

export type SendResult =
  | { ok: true; msgId: number }
  | { ok: false; code: 'target_not_found' | 'to_self' | 'message_blocked' };

/** Sends `content` to the member `loginId`, unless they do not exist, are the sender or block the sender. */
export async function sendMessage(
  db: Db,
  senderId: number,
  input: { loginId: string; content: string },
): Promise<SendResult> {
  const targetId = await memberIdByLoginId(db, input.loginId);
  if (!targetId) return { ok: false, code: 'target_not_found' };
  if (targetId === senderId) return { ok: false, code: 'to_self' };
  if (await hasBlocked(db, targetId, senderId)) return { ok: false, code: 'message_blocked' };
  const [row] = await db
    .insert(messages)
    .values({ senderId, recipientId: targetId, content: input.content })
    .returning({ id: messages.id });
  return { ok: true, msgId: row!.id };
}

/** A page of the inbox or the sent box, newest first, with the inbox's unread count. */
export async function boxPage(
  db: Db,
  memberId: number,
  division: Division,
  page: { offset: number; limit: number },
): Promise<MessageBox> {
  const where = visible(memberId, division);
  const rows = await withParties(db).where(where).orderBy(desc(messages.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return {
    list: rows.map((r) => viewMessage(r.m, r.s, r.r, memberId)),
    total: total?.n ?? 0,
    unread: await unreadCount(db, memberId),
    division,
    ...page,
  };
}

/** Opens one of the member's messages; the recipient's first read marks it read. */
export async function readMessage(
  db: Db,
  memberId: number,
  msgId: number,
): Promise<{ ok: true; message: Message } | { ok: false; code: 'not_found' }> {
  const found = await ownMessage(db, memberId, msgId);
  if (!found) return { ok: false, code: 'not_found' };
  if (found.m.recipientId === memberId && !found.m.readAt) {
    const [updated] = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.id, found.m.id), isNull(messages.readAt)))
      .returning();
    if (updated) found.m = updated;
  }
  return { ok: true, message: viewMessage(found.m, found.s, found.r, memberId) };
}

/** Deletes messages on the member's side only; nothing is deleted unless every id is the member's. */
export async function deleteMessages(
  db: Db,
  memberId: number,
  msgIds: number[],
): Promise<{ ok: true; deleted: number } | { ok: false; code: 'not_found' }> {
  const unique = [...new Set(msgIds)];
  const mine = await db
    .select({ id: messages.id, senderId: messages.senderId })
    .from(messages)
    .where(and(inArray(messages.id, unique), eitherBox(memberId)));
  if (mine.length !== unique.length) return { ok: false, code: 'not_found' };
  await db.transaction(async (tx) => {
    const sent = mine.filter((m) => m.senderId === memberId).map((m) => m.id);
    const received = mine.filter((m) => m.senderId !== memberId).map((m) => m.id);
    if (sent.length) await tx.update(messages).set({ deletedBySender: true }).where(inArray(messages.id, sent));
    if (received.length) {
      await tx.update(messages).set({ deletedByRecipient: true }).where(inArray(messages.id, received));
    }
  });
  return { ok: true, deleted: unique.length };
}

/** Deletes a whole division on the member's side (the inbox's blocked senders too); the count deleted. */
export async function deleteDivision(db: Db, memberId: number, division: Division): Promise<number> {
  const done =
    division === 'send'
      ? await db
          .update(messages)
          .set({ deletedBySender: true })
          .where(visible(memberId, 'send'))
          .returning({ id: messages.id })
      : await db
          .update(messages)
          .set({ deletedByRecipient: true })
          .where(and(eq(messages.recipientId, memberId), eq(messages.deletedByRecipient, false)))
          .returning({ id: messages.id });
  return done.length;
}

/** Whether the member blocks `loginId`, and whether `loginId` takes the member's messages. */
export async function blockCheck(
  db: Db,
  memberId: number,
  loginId: string,
): Promise<{ ok: true; check: MessageBlockCheck } | { ok: false; code: 'target_not_found' }> {
  const targetId = await memberIdByLoginId(db, loginId);
  if (!targetId) return { ok: false, code: 'target_not_found' };
  const isBlock = await hasBlocked(db, memberId, targetId);
  const canSend = targetId !== memberId && !(await hasBlocked(db, targetId, memberId));
  return { ok: true, check: { loginId, isBlock, canSend } };
}

/** Reports a message the member received, once. */
export async function reportMessage(
  db: Db,
  memberId: number,
  msgId: number,
  reason: string,
): Promise<{ ok: true; msgId: number } | { ok: false; code: 'not_found' | 'already_reported' }> {
  const found = await ownMessage(db, memberId, msgId);
  if (!found || found.m.recipientId !== memberId) return { ok: false, code: 'not_found' };
  const added = await db
    .insert(messageReports)
    .values({ messageId: found.m.id, reporterId: memberId, reason })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (!added.length) return { ok: false, code: 'already_reported' };
  return { ok: true, msgId: found.m.id };
}
