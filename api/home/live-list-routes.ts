/**
 * `GET /api/lives?offset&limit&themeId`: channels live now for the home page, most viewers now first;
 * `themeId` (one of BROADCAST_THEMES) keeps the channels of that broadcast theme (THEME page).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { BROADCAST_THEMES } from '../../domain/enums.ts';
import { streamCards } from '../../domain/answers/home.ts';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { liveChannels } from './live-list.ts';

/** The theme filter: '' = every theme, else the id of a broadcast theme. */
const themeFilter = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (s) => s === '' || (/^\d{1,2}$/.test(s) && BROADCAST_THEMES.some((t) => t.themeId === Number(s))),
      'channel_theme_unknown',
    ),
    v.transform((s) => (s === '' ? undefined : Number(s))),
    v.metadata({ description: 'a themeId of GET /api/guest/themes' }),
  ),
  '',
);

export const lives = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'lives',
    summary: 'Channels live now, most viewers first: { list, total }',
    description: `Paged by offset and limit (default ${LIST_LIMIT_STREAMS}); adult lives are locked for callers without identity verification.`,
    responses: { 200: { description: 'OK', schema: streamCards } },
  }),
  optionalMember(),
  query(v.object({ ...paging(LIST_LIMIT_STREAMS), themeId: themeFilter }), { invalid: 'bad_request' }),
  async (c) =>
    c.json(
      await liveChannels(c.get('deps').database.db, c.get('member'), mediaUrls(c.get('deps')), c.req.valid('query')),
    ),
);
