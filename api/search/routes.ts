/**
 * Discovery (api/search/search.ts): `GET /api/search?q` answers the header's search, `GET
 * /api/search/categories` the browse page's broadcast themes with their live counts (the lives of one
 * theme are `GET /api/lives?themeId=`).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { categoryCounts as categoryCountsAnswer, searchResults } from '../../domain/answers/search.ts';
import { SEARCH_QUERY_MAX_CHARS, SEARCH_RESULTS_MAX } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { categoryCounts, search } from './search.ts';

const searchQuery = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => [...s.trim()].length <= SEARCH_QUERY_MAX_CHARS, 'bad_request'),
      v.metadata({ description: `1–${SEARCH_QUERY_MAX_CHARS} characters; blank finds nothing` }),
    ),
    '',
  ),
});

const search_ = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'search',
      summary: 'Channels and lives by nickname, channel name or live title: { query, channels, lives }',
      description: `Case-insensitive substring; a query of Hangul initial consonants only (ㄷㅁ) matches initials (달맞이). At most ${SEARCH_RESULTS_MAX} of each, channels on air first, lives most viewers first; an adult channel is found by nickname only for callers without identity verification, and locked.`,
      responses: { 200: { description: 'OK', schema: searchResults } },
    }),
    optionalMember(),
    query(searchQuery, { invalid: 'bad_request' }),
    async (c) =>
      c.json(
        await search(c.get('deps').database.db, c.get('member'), mediaUrls(c.get('deps')), c.req.valid('query').q),
      ),
  )
  .get(
    '/categories',
    doc({
      tag: 'search',
      summary: 'Every broadcast theme with the channels live in it now: { list, total }',
      responses: { 200: { description: 'OK', schema: categoryCountsAnswer } },
    }),
    async (c) => c.json(await categoryCounts(c.get('deps').database.db)),
  );

export const searchRoutes = new Hono<ApiEnv>().route('/api/search', search_);
