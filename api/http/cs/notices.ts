/**
 * Service notices and developer notices, public: `GET /api/cs/notice-list`, `GET /api/cs/develop-notice-list`
 * (offset, limit). Operators (member type O) publish with `POST /api/cs/notice-post {kind, title, content}`.
 */
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { MemberType } from '../../../domain/enums.ts';
import type { ApiEnv } from '../../app-env.ts';
import { csNotices } from '../../db/schema/index.ts';
import { badPaging, forbidden, me, paging, readInput, textField, type Ctx } from './cs-http.ts';
import { requireMember } from '../session.ts';

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

const noticeSchema = v.object({ kind: v.picklist(['notice', 'develop']), title: textField(100), content: textField(10000) });

noticeRoutes.post('/notice-post', requireMember(), async (c) => {
  if (me(c).memberType !== MemberType.operator) return forbidden(c, 'Only an operator can publish notices.');
  const input = await readInput(c, noticeSchema);
  if (!input.ok) return input.res;
  const [row] = await c.get('deps').database.db.insert(csNotices).values(input.data).returning({ id: csNotices.id });
  return c.json({ noticeId: row!.id, kind: input.data.kind }, 201);
});
