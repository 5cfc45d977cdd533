/**
 * Customer-service inquiries (members only, each member sees only their own):
 * `GET /api/cs/inquiry-list`, `GET /v2/api/cs/inquiry-list`, `POST /api/cs/inquiry-post` (multipart,
 * up to 3 image attachments), `DELETE /api/cs/inquiry-delete/{id}`, and the operator's (member type O)
 * `POST /api/cs/inquiry-answer/{id}`.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { inquiryAnswerBody, inquiryForm } from '../../domain/schemas/inquiries.ts';
import type { ApiEnv } from '../app-env.ts';
import { inquiries } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, paging, params, query } from '../http/request.ts';
import { me, requireMember, requireOperator } from '../http/session.ts';
import { checkUploads, FILE_CODES, upload } from '../http/uploads.ts';
import { attachmentsOf, saveWithFiles } from '../attachments/attachments.ts';
import { brandOffers } from '../http/features.ts';

const pageQuery = v.object({ ...paging(PAGE_LIMIT_DEFAULT) });

async function listInquiries(c: Context<ApiEnv>, page: { offset: number; limit: number }) {
  const { db } = c.get('deps').database;
  const mine = and(eq(inquiries.memberId, me(c).id), isNull(inquiries.deletedAt));
  const rows = await db.select().from(inquiries).where(mine).orderBy(desc(inquiries.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(inquiries).where(mine);
  const files = await attachmentsOf(
    db,
    'inquiry',
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => ({
    inquiryId: r.id,
    category: r.category,
    title: r.title,
    content: r.content,
    status: r.answer ? 'answered' : 'waiting',
    answer: r.answer,
    answeredAt: r.answeredAt,
    createdAt: r.createdAt,
    attachments: files.get(r.id) ?? [],
  }));
  return { list, total: total?.n ?? 0, ...page };
}

const notFound = { invalid: 'not_found' } as const;

export const inquiryRoutes = new Hono<ApiEnv>()
  .get(
    '/inquiry-list',
    doc({
      tag: 'cs',
      summary: "The caller's inquiries, newest first, with their answers and attachments",
      responses: { 200: '{ list, total, offset, limit }' },
    }),
    brandOffers('customerService'),
    requireMember(),
    query(pageQuery),
    async (c) => c.json(await listInquiries(c, c.req.valid('query'))),
  )
  .post(
    '/inquiry-post',
    doc({
      tag: 'cs',
      summary: 'Sends an inquiry with up to 3 images (every file is checked by content before any is stored)',
      responses: { 201: '{ inquiryId, attachments }' },
      errors: FILE_CODES,
    }),
    brandOffers('customerService'),
    requireMember(),
    upload(inquiryForm),
    async (c) => {
      const { files, ...input } = c.req.valid('form');
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const inquiryId = await saveWithFiles(c, 'inquiry', checked.checked, async (tx) => {
        const [row] = await tx
          .insert(inquiries)
          .values({ memberId: me(c).id, ...input })
          .returning({ id: inquiries.id });
        return row!.id;
      });
      return c.json({ inquiryId, attachments: checked.checked.length }, 201);
    },
  )
  .delete(
    '/inquiry-delete/:id',
    doc({ tag: 'cs', summary: "Deletes one of the caller's inquiries", responses: { 200: '{ deleted }' }, errors: ['not_found'] }),
    brandOffers('customerService'),
    requireMember(),
    params(ids('id'), notFound),
    async (c) => {
      const { id } = c.req.valid('param');
      const done = await c
        .get('deps')
        .database.db.update(inquiries)
        .set({ deletedAt: new Date() })
        .where(and(eq(inquiries.id, id), eq(inquiries.memberId, me(c).id), isNull(inquiries.deletedAt)))
        .returning({ id: inquiries.id });
      return done.length ? c.json({ deleted: id }) : fail(c, 'not_found', { messageKey: 'error_not_found_inquiry' });
    },
  )
  .post(
    '/inquiry-answer/:id',
    doc({ tag: 'cs', summary: 'Answers an inquiry (operators)', responses: { 200: "{ inquiryId, status: 'answered' }" }, errors: ['not_found'] }),
    requireOperator(),
    params(ids('id'), notFound),
    body(inquiryAnswerBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const done = await c
        .get('deps')
        .database.db.update(inquiries)
        .set({ answer: c.req.valid('json').answer, answeredAt: new Date() })
        .where(and(eq(inquiries.id, id), isNull(inquiries.deletedAt)))
        .returning({ id: inquiries.id });
      return done.length ? c.json({ inquiryId: id, status: 'answered' }) : fail(c, 'not_found', { messageKey: 'error_not_found_inquiry' });
    },
  );

/** v2 answers the same list with a `hasNext` flag for infinite scrolling. */
export const inquiryRoutesV2 = new Hono<ApiEnv>().get(
  '/inquiry-list',
  doc({ tag: 'cs', summary: "The caller's inquiries with a hasNext flag (infinite scrolling)", responses: { 200: '{ list, total, offset, limit, hasNext }' } }),
  brandOffers('customerService'),
  requireMember(),
  query(pageQuery),
  async (c) => {
    const result = await listInquiries(c, c.req.valid('query'));
    return c.json({ ...result, hasNext: result.offset + result.list.length < result.total });
  },
);
