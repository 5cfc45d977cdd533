/** `GET /api/vods/{streamId}`: one recording with its URL (none for a locked adult recording). */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { streams } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, params } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { streamCard } from './streams-access.ts';
import { streamsWithChannel } from './streams-queries.ts';
import { mediaUrls } from './media-urls.ts';

export const vods = new Hono<ApiEnv>().get(
  '/:streamId',
  doc({
    tag: 'lives',
    summary: "A recording's card with its url",
    description: 'An adult recording is locked (no title, thumbnail or url) for a caller without identity verification.',
    errors: ['vod_not_found'],
  }),
  optionalMember(),
  // A malformed id answers like an unknown recording.
  params(ids('streamId'), { invalid: 'vod_not_found' }),
  async (c) => {
    const { db } = c.get('deps').database;
    const [row] = await streamsWithChannel(db).where(and(eq(streams.id, c.req.valid('param').streamId), eq(streams.type, 2)));
    if (!row) return fail(c, 'vod_not_found');
    const media = mediaUrls(c.get('deps'));
    const card = streamCard(row.channel, row.stream, c.get('member'), media);
    return c.json({ ...card, url: card.locked ? null : media.sign(row.stream.url) });
  },
);
