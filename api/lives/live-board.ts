/** `POST /v4/api/lives/live-board-check { userId }`: whether a BJ (by login id) is on air, for the live board. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { liveBoardCheckBody } from '../../domain/schemas/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { channels, members } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';

export const liveBoard = new Hono<ApiEnv>().post(
  '/live-board-check',
  doc({
    tag: 'lives',
    summary: 'Whether the BJ with that login id is on air: { ok, channelId, broadcasting } (channelId null for no such BJ)',
  }),
  body(liveBoardCheckBody, { invalid: 'bad_request' }),
  async (c) => {
    const { userId } = c.req.valid('json');
    const [row] = await c
      .get('deps')
      .database.db.select({ channelId: channels.id, broadcasting: channels.broadcasting })
      .from(channels)
      .innerJoin(members, eq(members.id, channels.ownerId))
      .where(eq(members.loginId, userId));
    return c.json({ ok: true, channelId: row?.channelId ?? null, broadcasting: row?.broadcasting ?? false });
  },
);
