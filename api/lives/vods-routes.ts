/** `GET /api/vods/{streamId}`: one recording with its URL (none for a locked adult recording). */
import { Hono } from 'hono';
import { vod } from '../../domain/answers/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, params } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { mediaUrls } from './media-urls.ts';
import { vodOf } from './vods.ts';

export const vods = new Hono<ApiEnv>().get(
  '/:streamId',
  doc({
    tag: 'lives',
    summary: "A recording's card with its url",
    description:
      'An adult recording is locked (no title, thumbnail or url) for a caller without identity verification.',
    responses: { 200: { description: 'OK', schema: vod } },
    errors: ['vod_not_found'],
  }),
  optionalMember(),
  // A malformed id answers like an unknown recording.
  params(ids('streamId'), { invalid: 'vod_not_found' }),
  async (c) => {
    const deps = c.get('deps');
    const found = await vodOf(deps.database.db, c.req.valid('param').streamId, c.get('member'), mediaUrls(deps));
    return found ? c.json(found) : fail(c, 'vod_not_found');
  },
);
