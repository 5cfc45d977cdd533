/**
 * Service notices and developer notices, public: `GET /api/cs/notice-list`, `GET /api/cs/develop-notice-list`
 * (offset, limit). Operators (member type O) publish with `POST /api/cs/notice-post {kind, title, content}`.
 */
import { count, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { csNoticeBody } from '../../domain/schemas/notices.ts';
import type { ApiEnv } from '../app-env.ts';
import { csNotices } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { body, paging, query } from '../http/request.ts';
import { requireOperator } from '../http/session.ts';

const pageQuery = v.object({ ...paging(PAGE_LIMIT_DEFAULT) });

async function listNotices(c: Context<ApiEnv>, kind: 'notice' | 'develop', page: { offset: number; limit: number }) {
  const { db } = c.get('deps').database;
  const rows = await db.select().from(csNotices).where(eq(csNotices.kind, kind)).orderBy(desc(csNotices.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(csNotices).where(eq(csNotices.kind, kind));
  const list = rows.map((r) => ({ noticeId: r.id, title: r.title, content: r.content, createdAt: r.createdAt }));
  return c.json({ list, total: total?.n ?? 0, ...page });
}

export const noticeRoutes = new Hono<ApiEnv>()
  .get(
    '/notice-list',
    doc({
      tag: 'cs',
      summary: 'Service notices, newest first',
      responses: { 200: '{ list: [{ noticeId, title, content, createdAt }], total, offset, limit }' },
    }),
    query(pageQuery),
    (c) => listNotices(c, 'notice', c.req.valid('query')),
  )
  .get(
    '/develop-notice-list',
    doc({
      tag: 'cs',
      summary: 'Developer notices, newest first',
      responses: { 200: '{ list: [{ noticeId, title, content, createdAt }], total, offset, limit }' },
    }),
    query(pageQuery),
    (c) => listNotices(c, 'develop', c.req.valid('query')),
  )
  .post(
    '/notice-post',
    doc({ tag: 'cs', summary: 'Publishes a service or developer notice (operators)', responses: { 201: '{ noticeId, kind }' } }),
    requireOperator(),
    body(csNoticeBody),
    async (c) => {
      const input = c.req.valid('json');
      const [row] = await c.get('deps').database.db.insert(csNotices).values(input).returning({ id: csNotices.id });
      return c.json({ noticeId: row!.id, kind: input.kind }, 201);
    },
  );
