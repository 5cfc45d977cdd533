/**
 * A member's black list, members only, each sees and changes only their own:
 * `GET /api/my/blacklist`, `POST /api/my/blacklist {loginId}`, `DELETE /api/my/blacklist/{loginId}`.
 * A blocked member cannot send you messages, and their earlier messages leave your inbox.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { blacklist, members } from '../../db/schema/index.ts';
import { badPaging, fail, me, notFound, paging, readInput, textField } from '../cs/cs-http.ts';
import { requireMember } from '../session.ts';

export const BLACKLIST_SIZE_MAX = 500;

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

export const blacklistRoutes = new Hono<ApiEnv>();

blacklistRoutes.get('/', requireMember(), async (c) => {
  const page = paging(c, 50);
  if (!page) return badPaging(c);
  const { db } = c.get('deps').database;
  const rows = await db
    .select({ loginId: members.loginId, nickname: members.nickname, createdAt: blacklist.createdAt })
    .from(blacklist)
    .innerJoin(members, eq(members.id, blacklist.targetId))
    .where(eq(blacklist.ownerId, me(c).id))
    .orderBy(desc(blacklist.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(blacklist)
    .where(eq(blacklist.ownerId, me(c).id));
  return c.json({ list: rows, total: total?.n ?? 0, ...page });
});

/** `GET /api/my/blacklist/ids`: every blocked login ID at once (at most BLACKLIST_SIZE_MAX), for the chat client to hide their lines. */
blacklistRoutes.get('/ids', requireMember(), async (c) => c.json({ loginIds: await blockedLoginIds(c.get('deps').database.db, me(c).id) }));

blacklistRoutes.post('/', requireMember(), async (c) => {
  const input = await readInput(c, v.object({ loginId: textField(15) }));
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const targetId = await memberIdByLoginId(db, input.data.loginId);
  if (!targetId) return fail(c, 404, 'target_not_found', 'No member has that ID.');
  if (targetId === me(c).id) return fail(c, 400, 'validation_failed', 'You cannot block yourself.');
  const [size] = await db
    .select({ n: count() })
    .from(blacklist)
    .where(eq(blacklist.ownerId, me(c).id));
  if ((size?.n ?? 0) >= BLACKLIST_SIZE_MAX) return fail(c, 409, 'blacklist_full', `You can block at most ${BLACKLIST_SIZE_MAX} members.`);
  const added = await db
    .insert(blacklist)
    .values({ ownerId: me(c).id, targetId })
    .onConflictDoNothing()
    .returning({ id: blacklist.id });
  return c.json({ loginId: input.data.loginId, blocked: true }, added.length ? 201 : 200);
});

blacklistRoutes.delete('/:loginId', requireMember(), async (c) => {
  const loginId = c.req.param('loginId');
  const { db } = c.get('deps').database;
  const targetId = loginId.length <= 15 ? await memberIdByLoginId(db, loginId) : null;
  const removed = targetId
    ? await db
        .delete(blacklist)
        .where(and(eq(blacklist.ownerId, me(c).id), eq(blacklist.targetId, targetId)))
        .returning({ id: blacklist.id })
    : [];
  return removed.length ? c.json({ loginId, blocked: false }) : notFound(c, 'blocked member');
});
