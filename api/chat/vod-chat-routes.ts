/** `GET /api/vods/{streamId}/chat?fromS=&toS=`: a recording's chat lines and gifts at offsets (api/chat/vod-chat.ts). */
import { Hono } from 'hono';
import * as v from 'valibot';
import { VOD_CHAT_WINDOW_MAX_S, vodChat as vodChatAnswer } from '../../domain/answers/vod-chat.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, params, query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { vodChat } from './vod-chat.ts';

/** Seconds from the recording's start: digits, up to 3 decimals; empty or absent is the default. */
const seconds = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^(\d{1,6}(\.\d{1,3})?)?$/),
    v.metadata({ description: 'seconds from the start of the recording' }),
  ),
);

export const vodChatRoutes = new Hono<ApiEnv>().get(
  '/:streamId/chat',
  doc({
    tag: 'chat',
    summary: "A recording's chat: { fromS, toS, lines: [{ offsetS, … }], gifts: [{ offsetS, … }], nextFromS }",
    description:
      `Lines and gifts of the broadcast the recording kept, with fromS ≤ offsetS < toS, in order (fromS defaults to 0, ` +
      `toS to fromS + ${VOD_CHAT_WINDOW_MAX_S}; at most ${VOD_CHAT_WINDOW_MAX_S} s apart). Lines of members the caller ` +
      'blocked and of members the channel blacklists are left out. nextFromS: the window held more lines than one ' +
      'answer carries; ask again from there. An adult recording answers adult_only without identity verification.',
    responses: { 200: { description: 'OK', schema: vodChatAnswer } },
    errors: ['vod_not_found', 'vod_chat_range', 'adult_only'],
  }),
  optionalMember(),
  params(ids('streamId'), { invalid: 'vod_not_found' }),
  query(v.object({ fromS: seconds, toS: seconds }), { invalid: 'vod_chat_range' }),
  async (c) => {
    const q = c.req.valid('query');
    const fromS = q.fromS ? Number(q.fromS) : 0;
    const toS = q.toS ? Number(q.toS) : fromS + VOD_CHAT_WINDOW_MAX_S;
    if (toS <= fromS || toS - fromS > VOD_CHAT_WINDOW_MAX_S) return fail(c, 'vod_chat_range');
    const found = await vodChat(
      c.get('deps').database.db,
      c.req.valid('param').streamId,
      { fromS, toS },
      c.get('member'),
    );
    if (found === null) return fail(c, 'vod_not_found');
    if (found === 'locked') return fail(c, 'adult_only');
    c.header('cache-control', 'private, no-store');
    return c.json(found);
  },
);
