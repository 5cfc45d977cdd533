/**
 * Service notices, public: `GET /api/cs/notice-list` (offset, limit). Developer notices are for operators (member
 * type O) only: `GET /api/cs/develop-notice-list` (offset, limit). Operators publish both with
 * `POST /api/cs/notice-post {kind, title, content}`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/cs.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { csNoticeBody } from '../../domain/schemas/notices.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { body, paging, query } from '../http/request.ts';
import { requireOperator } from '../http/session.ts';
import { listNotices, publishNotice } from './notices.ts';

const pageQuery = v.object({ ...paging(PAGE_LIMIT_DEFAULT) });
const listed = {
  description: '{ list: [{ noticeId, title, content, createdAt }], total, offset, limit }',
  schema: answer.csNoticePage,
};

export const noticeRoutes = new Hono<ApiEnv>()
  .get(
    '/notice-list',
    doc({ tag: 'cs', summary: 'Service notices, newest first', responses: { 200: listed } }),
    query(pageQuery),
    async (c) => {
      const page = await listNotices(c.get('deps').database.db, 'notice', c.req.valid('query'));
      return c.json(page satisfies answer.CsPage<answer.CsNotice>);
    },
  )
  .get(
    '/develop-notice-list',
    doc({ tag: 'cs', summary: 'Developer notices, newest first (operators)', responses: { 200: listed } }),
    requireOperator(),
    query(pageQuery),
    async (c) => {
      const page = await listNotices(c.get('deps').database.db, 'develop', c.req.valid('query'));
      return c.json(page satisfies answer.CsPage<answer.CsNotice>);
    },
  )
  .post(
    '/notice-post',
    doc({
      tag: 'cs',
      summary: 'Publishes a service or developer notice (operators)',
      responses: { 201: { description: '{ noticeId, kind }', schema: answer.csNoticeMade } },
    }),
    requireOperator(),
    body(csNoticeBody),
    async (c) => {
      const made = await publishNotice(c.get('deps').database.db, c.req.valid('json'));
      return c.json(made satisfies answer.CsNoticeMade, 201);
    },
  );
