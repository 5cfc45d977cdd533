/**
 * A member's black list, members only, each sees and changes only their own:
 * `GET /api/my/blacklist`, `GET /api/my/blacklist/ids`, `POST /api/my/blacklist {loginId}`,
 * `DELETE /api/my/blacklist/{loginId}`. A blocked member cannot send you messages, and their
 * earlier messages leave your inbox.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BLACKLIST_PAGE_LIMIT_DEFAULT, BLACKLIST_SIZE_MAX, LOGIN_ID_LENGTH_MAX } from '../../domain/limits.ts';
import { blockBody } from '../../domain/schemas/messages.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { blacklist, members } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

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

const blockedCount = async (db: Db, ownerId: number) => (await db.select({ n: count() }).from(blacklist).where(eq(blacklist.ownerId, ownerId)))[0]?.n ?? 0;

export const blacklistRoutes = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'messages',
      summary: 'The members the caller blocked, newest first',
      responses: { 200: '{ list: [{ loginId, nickname, createdAt }], total, offset, limit }' },
    }),
    requireMember(),
    query(v.object({ ...paging(BLACKLIST_PAGE_LIMIT_DEFAULT) })),
    async (c) => {
      const page = c.req.valid('query');
      const { db } = c.get('deps').database;
      const rows = await db
        .select({ loginId: members.loginId, nickname: members.nickname, createdAt: blacklist.createdAt })
        .from(blacklist)
        .innerJoin(members, eq(members.id, blacklist.targetId))
        .where(eq(blacklist.ownerId, me(c).id))
        .orderBy(desc(blacklist.id))
        .limit(page.limit)
        .offset(page.offset);
      return c.json({ list: rows, total: await blockedCount(db, me(c).id), ...page });
    },
  )
  .get(
    '/ids',
    doc({
      tag: 'messages',
      summary: `Every blocked login ID at once (at most ${BLACKLIST_SIZE_MAX}), for the chat client to hide their lines`,
      responses: { 200: '{ loginIds }' },
    }),
    requireMember(),
    async (c) => c.json({ loginIds: await blockedLoginIds(c.get('deps').database.db, me(c).id) }),
  )
  .post(
    '/',
    doc({
      tag: 'messages',
      summary: 'Blocks a member: no more messages from them, and their earlier ones leave the inbox',
      responses: { 201: '{ loginId, blocked: true }', 200: 'Already blocked: { loginId, blocked: true }' },
      errors: ['target_not_found', 'blacklist_full'],
    }),
    requireMember(),
    body(blockBody),
    async (c) => {
      const { loginId } = c.req.valid('json');
      const { db } = c.get('deps').database;
      const targetId = await memberIdByLoginId(db, loginId);
      if (!targetId) return fail(c, 'target_not_found');
      if (targetId === me(c).id) return fail(c, 'validation_failed', { messageKey: 'error_validation_failed_block_self', fields: { field: 'loginId' } });
      if ((await blockedCount(db, me(c).id)) >= BLACKLIST_SIZE_MAX)
        return fail(c, 'blacklist_full', { messageKey: 'error_blacklist_full_max', fields: { max: BLACKLIST_SIZE_MAX } });
      const added = await db
        .insert(blacklist)
        .values({ ownerId: me(c).id, targetId })
        .onConflictDoNothing()
        .returning({ id: blacklist.id });
      return c.json({ loginId, blocked: true }, added.length ? 201 : 200);
    },
  )
  .delete(
    '/:loginId',
    doc({ tag: 'messages', summary: 'Unblocks a member', responses: { 200: '{ loginId, blocked: false }' }, errors: ['not_found'] }),
    requireMember(),
    params(v.object({ loginId: v.pipe(v.string(), v.minLength(1), v.maxLength(LOGIN_ID_LENGTH_MAX)) }), { invalid: 'not_found' }),
    async (c) => {
      const { loginId } = c.req.valid('param');
      const { db } = c.get('deps').database;
      const targetId = await memberIdByLoginId(db, loginId);
      const removed = targetId
        ? await db
            .delete(blacklist)
            .where(and(eq(blacklist.ownerId, me(c).id), eq(blacklist.targetId, targetId)))
            .returning({ id: blacklist.id })
        : [];
      return removed.length ? c.json({ loginId, blocked: false }) : fail(c, 'not_found', { messageKey: 'error_not_found_blocked_member' });
    },
  );
