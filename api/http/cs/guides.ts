/** Help guides, public: `GET /api/cs/guide-list?offset&limit&title` (title: case-insensitive substring). */
import { count, desc, ilike } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { guides } from '../../db/schema/index.ts';
import { badPaging, fail, paging } from './cs-http.ts';

export const GUIDE_TITLE_QUERY_MAX_CHARS = 50;

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export const guideRoutes = new Hono<ApiEnv>();

guideRoutes.get('/guide-list', async (c) => {
  const page = paging(c);
  if (!page) return badPaging(c);
  const title = (c.req.query('title') ?? '').trim();
  if (title.length > GUIDE_TITLE_QUERY_MAX_CHARS) return fail(c, 400, 'validation_failed', 'The search text is too long.');
  const { db } = c.get('deps').database;
  const where = title ? ilike(guides.title, `%${escapeLike(title)}%`) : undefined;
  const rows = await db.select().from(guides).where(where).orderBy(desc(guides.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(guides).where(where);
  const list = rows.map((r) => ({ guideId: r.id, title: r.title, content: r.content, createdAt: r.createdAt }));
  return c.json({ list, total: total?.n ?? 0, ...page, title });
});
