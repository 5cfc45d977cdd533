/**
 * Board settings: `GET /api/cs/board-setting-check?channelId` (what the caller may do on this
 * board) and `PUT /api/cs/board-setting/{channelId}` (the channel owner only).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/boards.ts';
import { boardSettingBody } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, idText, params, query } from '../http/request.ts';
import { optionalMember, requireMember } from '../http/session.ts';
import { refuseBoard } from './board-refusals.ts';
import { requireOwnerOfChannel } from './boards-access.ts';
import { saveSetting, settingCheck } from './boards-settings.ts';

export const boardSettingRoutes = new Hono<ApiEnv>()
  .get(
    '/board-setting-check',
    doc({
      tag: 'boards',
      summary: "A board's settings and what the caller may do on it",
      responses: {
        200: {
          description: '{ channelId, writePermission, commentsEnabled, isOwner, canWrite, canComment }',
          schema: answer.boardSetting,
        },
      },
      errors: ['not_found'],
    }),
    optionalMember(),
    query(v.object({ channelId: idText })),
    async (c) => {
      const { channelId } = c.req.valid('query');
      const found = await settingCheck(c.get('deps').database.db, channelId, c.get('member')?.id ?? null);
      return found.ok ? c.json(found.setting satisfies answer.BoardSetting) : refuseBoard(c, found.code);
    },
  )
  .put(
    '/board-setting/:channelId',
    doc({
      tag: 'boards',
      summary: 'Changes who may write and whether comments are open (the channel owner)',
      responses: {
        200: { description: '{ channelId, writePermission, commentsEnabled }', schema: answer.boardSettingSaved },
      },
    }),
    requireMember(),
    params(ids('channelId'), { invalid: 'not_found' }),
    requireOwnerOfChannel('error_forbidden_board_settings'),
    body(boardSettingBody),
    async (c) => {
      const saved = await saveSetting(c.get('deps').database.db, c.req.valid('param').channelId, c.req.valid('json'));
      return c.json(saved satisfies answer.BoardSettingSaved);
    },
  );
