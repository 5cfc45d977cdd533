/**
 * Board settings: `GET /api/cs/board-setting-check?channelId` (what the caller may do on this
 * board) and `PUT /api/cs/board-setting/{channelId}` (the channel owner only).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { boardSettingBody } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { boardSettings } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, idText, params, query } from '../http/request.ts';
import { optionalMember, requireMember } from '../http/session.ts';
import { boardSetting, channelOwner, requireOwnerOfChannel } from './boards-access.ts';

export const boardSettingRoutes = new Hono<ApiEnv>()
  .get(
    '/board-setting-check',
    doc({
      tag: 'boards',
      summary: "A board's settings and what the caller may do on it",
      responses: { 200: '{ channelId, writePermission, commentsEnabled, isOwner, canWrite, canComment }' },
      errors: ['not_found'],
    }),
    optionalMember(),
    query(v.object({ channelId: idText })),
    async (c) => {
      const { channelId } = c.req.valid('query');
      const { db } = c.get('deps').database;
      const ownerId = await channelOwner(db, channelId);
      if (ownerId === null) return fail(c, 'not_found', { messageKey: 'error_not_found_channel' });
      const setting = await boardSetting(db, channelId);
      const member = c.get('member');
      const isOwner = member?.id === ownerId;
      return c.json({
        channelId,
        ...setting,
        isOwner,
        canWrite: !!member && (isOwner || setting.writePermission === 'all'),
        canComment: !!member && setting.commentsEnabled,
      });
    },
  )
  .put(
    '/board-setting/:channelId',
    doc({
      tag: 'boards',
      summary: 'Changes who may write and whether comments are open (the channel owner)',
      responses: { 200: '{ channelId, writePermission, commentsEnabled }' },
    }),
    requireMember(),
    params(ids('channelId'), { invalid: 'not_found' }),
    requireOwnerOfChannel('error_forbidden_board_settings'),
    body(boardSettingBody),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const input = c.req.valid('json');
      await c
        .get('deps')
        .database.db.insert(boardSettings)
        .values({ channelId, ...input })
        .onConflictDoUpdate({ target: boardSettings.channelId, set: input });
      return c.json({ channelId, ...input });
    },
  );
