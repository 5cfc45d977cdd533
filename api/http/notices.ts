/** Service notices and developer notices, public: `GET /api/cs/notice-list`, `GET /api/cs/develop-notice-list` (offset, limit). */
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { csNotices } from '../db/schema/index.ts';
import { badPaging, paging, type Ctx } from './cs-http.ts';

async function listNotices(c: Ctx, kind: 'notice' | 'develop') {
  const page = paging(c);
  if (!page) return badPaging(c);
  const { db } = c.get('deps').database;
  const rows = await db.select().from(csNotices).where(eq(csNotices.kind, kind)).orderBy(desc(csNotices.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(csNotices).where(eq(csNotices.kind, kind));
  const list = rows.map((r) => ({ noticeId: r.id, title: r.title, content: r.content, createdAt: r.createdAt }));
  return c.json({ list, total: total?.n ?? 0, ...page });
}

export const noticeRoutes = new Hono<ApiEnv>();
noticeRoutes.get('/notice-list', (c) => listNotices(c, 'notice'));
noticeRoutes.get('/develop-notice-list', (c) => listNotices(c, 'develop'));
