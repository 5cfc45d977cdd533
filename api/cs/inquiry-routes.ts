/**
 * Customer-service inquiries (members only, each member sees only their own):
 * `GET /api/cs/inquiry-list`, `GET /v2/api/cs/inquiry-list`, `POST /api/cs/inquiry-post` (multipart,
 * up to 3 image attachments), `DELETE /api/cs/inquiry-delete/{id}`, and the operator's (member type O)
 * `POST /api/cs/inquiry-answer/{id}`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/cs.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { inquiryAnswerBody, inquiryForm } from '../../domain/schemas/inquiries.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { brandOffers } from '../http/features.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, paging, params, query } from '../http/request.ts';
import { me, requireMember, requireOperator } from '../http/session.ts';
import { checkUploads, FILE_CODES, upload } from '../http/uploads.ts';
import { answerInquiry, deleteInquiry, listInquiries, sendInquiry } from './inquiry.ts';

const pageQuery = v.object({ ...paging(PAGE_LIMIT_DEFAULT) });
const notFound = { invalid: 'not_found' } as const;
const missingInquiry = { messageKey: 'error_not_found_inquiry' };

export const inquiryRoutes = new Hono<ApiEnv>()
  .get(
    '/inquiry-list',
    doc({
      tag: 'cs',
      summary: "The caller's inquiries, newest first, with their answers and attachments",
      responses: { 200: { description: '{ list, total, offset, limit }', schema: answer.inquiryPage } },
    }),
    brandOffers('customerService'),
    requireMember(),
    query(pageQuery),
    async (c) => {
      const page = await listInquiries(c.get('deps').database.db, me(c).id, c.req.valid('query'));
      return c.json(page satisfies answer.InquiryPage);
    },
  )
  .post(
    '/inquiry-post',
    doc({
      tag: 'cs',
      summary: 'Sends an inquiry with up to 3 images (every file is checked by content before any is stored)',
      responses: { 201: { description: '{ inquiryId, attachments }', schema: answer.inquirySent } },
      errors: FILE_CODES,
    }),
    brandOffers('customerService'),
    requireMember(),
    upload(inquiryForm),
    async (c) => {
      const { files, ...input } = c.req.valid('form');
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const saving = { db: c.get('deps').database.db, storage: c.get('deps').storage, memberId: me(c).id };
      const inquiryId = await sendInquiry(saving, input, checked.checked);
      return c.json({ inquiryId, attachments: checked.checked.length } satisfies answer.InquirySent, 201);
    },
  )
  .delete(
    '/inquiry-delete/:id',
    doc({
      tag: 'cs',
      summary: "Deletes one of the caller's inquiries",
      responses: { 200: { description: '{ deleted }', schema: answer.csRecordDeleted } },
      errors: ['not_found'],
    }),
    brandOffers('customerService'),
    requireMember(),
    params(ids('id'), notFound),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteInquiry(c.get('deps').database.db, me(c).id, id);
      return deleted ? c.json({ deleted: id } satisfies answer.CsRecordDeleted) : fail(c, 'not_found', missingInquiry);
    },
  )
  .post(
    '/inquiry-answer/:id',
    doc({
      tag: 'cs',
      summary: 'Answers an inquiry (operators)',
      responses: { 200: { description: "{ inquiryId, status: 'answered' }", schema: answer.inquiryAnswered } },
      errors: ['not_found'],
    }),
    requireOperator(),
    params(ids('id'), notFound),
    body(inquiryAnswerBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const answered = await answerInquiry(c.get('deps').database.db, id, c.req.valid('json').answer);
      if (!answered) return fail(c, 'not_found', missingInquiry);
      return c.json({ inquiryId: id, status: 'answered' } satisfies answer.InquiryAnswered);
    },
  );

/** v2 answers the same list with a `hasNext` flag for infinite scrolling. */
export const inquiryRoutesV2 = new Hono<ApiEnv>().get(
  '/inquiry-list',
  doc({
    tag: 'cs',
    summary: "The caller's inquiries with a hasNext flag (infinite scrolling)",
    responses: { 200: { description: '{ list, total, offset, limit, hasNext }', schema: answer.inquiryScroll } },
  }),
  brandOffers('customerService'),
  requireMember(),
  query(pageQuery),
  async (c) => {
    const page = await listInquiries(c.get('deps').database.db, me(c).id, c.req.valid('query'));
    return c.json({ ...page, hasNext: page.offset + page.list.length < page.total } satisfies answer.InquiryScroll);
  },
);
