/** Help guides, public: `GET /api/cs/guide-list?offset&limit&title` (title: case-insensitive substring). */
import { count, desc, ilike } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { guideSearch } from '../../domain/schemas/notices.ts';
import type { ApiEnv } from '../app-env.ts';
import { guides } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export const guideRoutes = new Hono<ApiEnv>().get(
  '/guide-list',
  doc({
    tag: 'cs',
    summary: 'Help guides, newest first; title filters by a case-insensitive substring (% and _ are literal)',
    responses: { 200: '{ list: [{ guideId, title, content, createdAt }], total, offset, limit, title }' },
  }),
  query(v.object({ ...paging(PAGE_LIMIT_DEFAULT), title: v.optional(guideSearch, '') })),
  async (c) => {
    const { title, ...page } = c.req.valid('query');
    const { db } = c.get('deps').database;
    const where = title ? ilike(guides.title, `%${escapeLike(title)}%`) : undefined;
    const rows = await db.select().from(guides).where(where).orderBy(desc(guides.id)).limit(page.limit).offset(page.offset);
    const [total] = await db.select({ n: count() }).from(guides).where(where);
    const list = rows.map((r) => ({ guideId: r.id, title: r.title, content: r.content, createdAt: r.createdAt }));
    return c.json({ list, total: total?.n ?? 0, ...page, title });
  },
);
