/** Help guides, public: `GET /api/cs/guide-list?offset&limit&title` (title: case-insensitive substring). */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/cs.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { guideSearch } from '../../domain/schemas/notices.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { listGuides } from './guides.ts';

export const guideRoutes = new Hono<ApiEnv>().get(
  '/guide-list',
  doc({
    tag: 'cs',
    summary: 'Help guides, newest first; title filters by a case-insensitive substring (% and _ are literal)',
    responses: {
      200: {
        description: '{ list: [{ guideId, title, content, createdAt }], total, offset, limit, title }',
        schema: answer.guidePage,
      },
    },
  }),
  query(v.object({ ...paging(PAGE_LIMIT_DEFAULT), title: v.optional(guideSearch, '') })),
  async (c) => {
    const { title, ...page } = c.req.valid('query');
    const guides = await listGuides(c.get('deps').database.db, title, page);
    return c.json(guides satisfies answer.GuidePage);
  },
);
