/**
 * Customer-service inquiries (members only, each member sees only their own):
 * `GET /api/cs/inquiry-list`, `GET /v2/api/cs/inquiry-list`, `POST /api/cs/inquiry-post` (multipart,
 * up to 3 image attachments), `DELETE /api/cs/inquiry-delete/{id}`, and the operator's (member type O)
 * `POST /api/cs/inquiry-answer/{id}`.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { MemberType } from '../../../domain/enums.ts';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { inquiries } from '../../db/schema/index.ts';
import { attachRows, attachmentsOf, checkFiles, storeFiles } from './cs-attachments.ts';
import {
  badPaging,
  forbidden,
  me,
  notFound,
  readInput,
  paging,
  parseId,
  readMultipart,
  storageOf,
  textField,
  uploadBodyLimit,
  validate,
  type Ctx,
} from './cs-http.ts';
import { requireMember } from '../session.ts';

export const INQUIRY_CATEGORIES = ['account', 'luv', 'broadcast', 'error', 'etc'] as const;

const inquirySchema = v.object({
  category: v.picklist(INQUIRY_CATEGORIES),
  title: textField(100),
  content: textField(4000),
});

async function listInquiries(c: Ctx) {
  const page = paging(c);
  if (!page) return null;
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

export const inquiryRoutes = new Hono<ApiEnv>();

inquiryRoutes.get('/inquiry-list', requireMember(), async (c) => {
  const result = await listInquiries(c);
  return result ? c.json(result) : badPaging(c);
});

inquiryRoutes.post('/inquiry-post', requireMember(), uploadBodyLimit(), async (c) => {
  const form = await readMultipart(c);
  if (!form.ok) return form.res;
  const input = validate(c, inquirySchema, form.fields);
  if (!input.ok) return input.res;
  const files = await checkFiles(c, form.files);
  if (!files.ok) return files.res;
  const { db } = c.get('deps').database;
  const { stored, discard } = await storeFiles(storageOf(c), files.checked);
  try {
    const inquiryId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inquiries)
        .values({ memberId: me(c).id, ...input.data })
        .returning({ id: inquiries.id });
      await attachRows(tx, 'inquiry', row!.id, me(c).id, stored);
      return row!.id;
    });
    return c.json({ inquiryId, attachments: stored.length }, 201);
  } catch (err) {
    await discard();
    throw err;
  }
});

inquiryRoutes.delete('/inquiry-delete/:id', requireMember(), async (c) => {
  const id = parseId(c.req.param('id'));
  if (!id) return notFound(c, 'inquiry');
  const { db } = c.get('deps').database;
  const done = await db
    .update(inquiries)
    .set({ deletedAt: new Date() })
    .where(and(eq(inquiries.id, id), eq(inquiries.memberId, me(c).id), isNull(inquiries.deletedAt)))
    .returning({ id: inquiries.id });
  return done.length ? c.json({ deleted: id }) : notFound(c, 'inquiry');
});

inquiryRoutes.post('/inquiry-answer/:id', requireMember(), async (c) => {
  if (me(c).memberType !== MemberType.operator) return forbidden(c, 'Only an operator can answer inquiries.');
  const input = await readInput(c, v.object({ answer: textField(4000) }));
  if (!input.ok) return input.res;
  const id = parseId(c.req.param('id'));
  const { db } = c.get('deps').database;
  const done = id
    ? await db
        .update(inquiries)
        .set({ answer: input.data.answer, answeredAt: new Date() })
        .where(and(eq(inquiries.id, id), isNull(inquiries.deletedAt)))
        .returning({ id: inquiries.id })
    : [];
  return done.length ? c.json({ inquiryId: id, status: 'answered' }) : notFound(c, 'inquiry');
});

/** v2 answers the same list with a `hasNext` flag for infinite scrolling. */
export const inquiryRoutesV2 = new Hono<ApiEnv>();

inquiryRoutesV2.get('/inquiry-list', requireMember(), async (c) => {
  const result = await listInquiries(c);
  return result ? c.json({ ...result, hasNext: result.offset + result.list.length < result.total }) : badPaging(c);
});
