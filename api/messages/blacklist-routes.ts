/**
 * A member's black list, members only, each sees and changes only their own:
 * `GET /api/my/blacklist`, `GET /api/my/blacklist/ids`, `POST /api/my/blacklist {loginId}`,
 * `DELETE /api/my/blacklist/{loginId}`. A blocked member cannot send you messages, and their
 * earlier messages leave your inbox.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/messages.ts';
import { BLACKLIST_PAGE_LIMIT_DEFAULT, BLACKLIST_SIZE_MAX, LOGIN_ID_LENGTH_MAX } from '../../domain/limits.ts';
import { blockBody } from '../../domain/schemas/messages.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { blockedLoginIds, blockMember, listBlocked, unblockMember } from './blacklist.ts';

const loginIdParam = v.object({ loginId: v.pipe(v.string(), v.minLength(1), v.maxLength(LOGIN_ID_LENGTH_MAX)) });

export const blacklistRoutes = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'messages',
      summary: 'The members the caller blocked, newest first',
      responses: {
        200: {
          description: '{ list: [{ loginId, nickname, createdAt }], total, offset, limit }',
          schema: answer.blacklistPage,
        },
      },
    }),
    requireMember(),
    query(v.object({ ...paging(BLACKLIST_PAGE_LIMIT_DEFAULT) })),
    async (c) => {
      const page = await listBlocked(c.get('deps').database.db, me(c).id, c.req.valid('query'));
      return c.json(page satisfies answer.BlacklistPage);
    },
  )
  .get(
    '/ids',
    doc({
      tag: 'messages',
      summary: `Every blocked login ID at once (at most ${BLACKLIST_SIZE_MAX}), for the chat client to hide their lines`,
      responses: { 200: { description: '{ loginIds }', schema: answer.blockedLoginIds } },
    }),
    requireMember(),
    async (c) => {
      const loginIds = await blockedLoginIds(c.get('deps').database.db, me(c).id);
      return c.json({ loginIds } satisfies answer.BlockedLoginIds);
    },
  )
  .post(
    '/',
    doc({
      tag: 'messages',
      summary: 'Blocks a member: no more messages from them, and their earlier ones leave the inbox',
      responses: {
        201: { description: '{ loginId, blocked: true }', schema: answer.blockChanged },
        200: { description: 'Already blocked: { loginId, blocked: true }', schema: answer.blockChanged },
      },
      errors: ['target_not_found', 'blacklist_full'],
    }),
    requireMember(),
    body(blockBody),
    async (c) => {
      const { loginId } = c.req.valid('json');
      const blocked = await blockMember(c.get('deps').database.db, me(c).id, loginId);
      if (blocked.ok) {
        return c.json({ loginId, blocked: true } satisfies answer.BlockChanged, blocked.added ? 201 : 200);
      }
      if (blocked.code === 'to_self')
        return fail(c, 'validation_failed', {
          messageKey: 'error_validation_failed_block_self',
          fields: { field: 'loginId' },
        });
      if (blocked.code === 'blacklist_full')
        return fail(c, 'blacklist_full', {
          messageKey: 'error_blacklist_full_max',
          fields: { max: BLACKLIST_SIZE_MAX },
        });
      return fail(c, blocked.code);
    },
  )
  .delete(
    '/:loginId',
    doc({
      tag: 'messages',
      summary: 'Unblocks a member',
      responses: { 200: { description: '{ loginId, blocked: false }', schema: answer.blockChanged } },
      errors: ['not_found'],
    }),
    requireMember(),
    params(loginIdParam, { invalid: 'not_found' }),
    async (c) => {
      const { loginId } = c.req.valid('param');
      const removed = await unblockMember(c.get('deps').database.db, me(c).id, loginId);
      if (!removed) return fail(c, 'not_found', { messageKey: 'error_not_found_blocked_member' });
      return c.json({ loginId, blocked: false } satisfies answer.BlockChanged);
    },
  );
