/**
 * A member's black list: a blocked member cannot send you messages, and their earlier messages
 * leave your inbox. Each member sees and changes only their own list, of at most
 * BLACKLIST_SIZE_MAX members. Refusals are result codes; api/messages/blacklist-routes.ts answers them.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { BlacklistPage } from '../../domain/answers/messages.ts';
import { BLACKLIST_SIZE_MAX } from '../../domain/limits.ts';
import type { Db } from '../db/client.ts';
import { blacklist, members } from '../db/schema/index.ts';

/** Whether `ownerId` has blocked `targetId`. */
export async function hasBlocked(db: Db, ownerId: number, targetId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(and(eq(blacklist.ownerId, ownerId), eq(blacklist.targetId, targetId)));
  return !!row;
}

/** Login IDs the member has blocked: what the chat client hides. */
export async function blockedLoginIds(db: Db, ownerId: number): Promise<string[]> {
  const rows = await db
    .select({ loginId: members.loginId })
    .from(blacklist)
    .innerJoin(members, eq(members.id, blacklist.targetId))
    .where(eq(blacklist.ownerId, ownerId));
  return rows.map((r) => r.loginId);
}

export async function memberIdByLoginId(db: Db, loginId: string): Promise<number | null> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  return row?.id ?? null;
}

const blockedCount = async (db: Db, ownerId: number) =>
  (await db.select({ n: count() }).from(blacklist).where(eq(blacklist.ownerId, ownerId)))[0]?.n ?? 0;

/** The members `ownerId` blocked, newest first. */
export async function listBlocked(
  db: Db,
  ownerId: number,
  page: { offset: number; limit: number },
): Promise<BlacklistPage> {
  const rows = await db
    .select({ loginId: members.loginId, nickname: members.nickname, createdAt: blacklist.createdAt })
    .from(blacklist)
    .innerJoin(members, eq(members.id, blacklist.targetId))
    .where(eq(blacklist.ownerId, ownerId))
    .orderBy(desc(blacklist.id))
    .limit(page.limit)
    .offset(page.offset);
  const list = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { list, total: await blockedCount(db, ownerId), ...page };
}

export type BlockResult =
  | { ok: true; added: boolean }
  | { ok: false; code: 'target_not_found' | 'to_self' | 'blacklist_full' };

/** Blocks the member `loginId`; `added` is false when they were blocked already. */
export async function blockMember(db: Db, ownerId: number, loginId: string): Promise<BlockResult> {
  const targetId = await memberIdByLoginId(db, loginId);
  if (!targetId) return { ok: false, code: 'target_not_found' };
  if (targetId === ownerId) return { ok: false, code: 'to_self' };
  if ((await blockedCount(db, ownerId)) >= BLACKLIST_SIZE_MAX) return { ok: false, code: 'blacklist_full' };
  const added = await db
    .insert(blacklist)
    .values({ ownerId, targetId })
    .onConflictDoNothing()
    .returning({ id: blacklist.id });
  return { ok: true, added: added.length > 0 };
}

/** Unblocks the member `loginId`; false when they were not blocked (or do not exist). */
export async function unblockMember(db: Db, ownerId: number, loginId: string): Promise<boolean> {
  const targetId = await memberIdByLoginId(db, loginId);
  if (!targetId) return false;
  const removed = await db
    .delete(blacklist)
    .where(and(eq(blacklist.ownerId, ownerId), eq(blacklist.targetId, targetId)))
    .returning({ id: blacklist.id });
  return removed.length > 0;
}
