/** `POST /v4/api/lives/live-board-check { userId }`: whether a BJ (by login id) is on air, for the live board. */
import { Hono } from 'hono';
import { liveBoardCheckBody } from '../../domain/schemas/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { liveBoardState } from './live-board.ts';

export const liveBoard = new Hono<ApiEnv>().post(
  '/live-board-check',
  doc({
    tag: 'lives',
    summary:
      'Whether the BJ with that login id is on air: { ok, channelId, broadcasting } (channelId null for no such BJ)',
  }),
  body(liveBoardCheckBody, { invalid: 'bad_request' }),
  async (c) => c.json({ ok: true, ...(await liveBoardState(c.get('deps').database.db, c.req.valid('json').userId)) }),
);
