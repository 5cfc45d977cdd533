/**
 * Reports (declarations) of a member, a broadcast or a post, members only, each member sees only
 * their own: `GET /api/cs/declaration-list`, `POST /api/cs/declaration-post` (multipart, up to 3
 * images as evidence), `DELETE /api/cs/declaration-delete/{id}`.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { declarationForm } from '../../domain/schemas/declarations.ts';
import type { ApiEnv } from '../app-env.ts';
import { declarations, members } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { checkUploads, FILE_CODES, upload } from '../http/uploads.ts';
import { attachmentsOf, saveWithFiles } from '../attachments/attachments.ts';
import { brandOffers } from '../http/features.ts';

export const declarationRoutes = new Hono<ApiEnv>()
  .get(
    '/declaration-list',
    doc({ tag: 'cs', summary: "The caller's reports, newest first, with their evidence files", responses: { 200: '{ list, total, offset, limit }' } }),
    brandOffers('customerService'),
    requireMember(),
    query(v.object({ ...paging(PAGE_LIMIT_DEFAULT) })),
    async (c) => {
      const page = c.req.valid('query');
      const { db } = c.get('deps').database;
      const mine = and(eq(declarations.reporterId, me(c).id), isNull(declarations.deletedAt));
      const rows = await db.select().from(declarations).where(mine).orderBy(desc(declarations.id)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ n: count() }).from(declarations).where(mine);
      const files = await attachmentsOf(
        db,
        'declaration',
        rows.map((r) => r.id),
      );
      const list = rows.map((r) => ({
        declarationId: r.id,
        category: r.category,
        targetLoginId: r.targetLoginId,
        content: r.content,
        status: r.status,
        createdAt: r.createdAt,
        attachments: files.get(r.id) ?? [],
      }));
      return c.json({ list, total: total?.n ?? 0, ...page });
    },
  )
  .post(
    '/declaration-post',
    doc({
      tag: 'cs',
      summary: 'Reports a member, with up to 3 images as evidence (every file is checked by content before any is stored)',
      responses: { 201: '{ declarationId, attachments }' },
      errors: ['target_not_found', ...FILE_CODES],
    }),
    brandOffers('customerService'),
    requireMember(),
    upload(declarationForm),
    async (c) => {
      const { files, ...input } = c.req.valid('form');
      const { db } = c.get('deps').database;
      const [target] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, input.targetLoginId));
      if (!target) return fail(c, 'target_not_found');
      if (target.id === me(c).id)
        return fail(c, 'validation_failed', { messageKey: 'error_validation_failed_report_self', fields: { field: 'targetLoginId' } });
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const declarationId = await saveWithFiles(c, 'declaration', checked.checked, async (tx) => {
        const [row] = await tx
          .insert(declarations)
          .values({ reporterId: me(c).id, ...input })
          .returning({ id: declarations.id });
        return row!.id;
      });
      return c.json({ declarationId, attachments: checked.checked.length }, 201);
    },
  )
  .delete(
    '/declaration-delete/:id',
    doc({ tag: 'cs', summary: "Deletes one of the caller's reports", responses: { 200: '{ deleted }' }, errors: ['not_found'] }),
    brandOffers('customerService'),
    requireMember(),
    params(ids('id'), { invalid: 'not_found' }),
    async (c) => {
      const { id } = c.req.valid('param');
      const done = await c
        .get('deps')
        .database.db.update(declarations)
        .set({ deletedAt: new Date() })
        .where(and(eq(declarations.id, id), eq(declarations.reporterId, me(c).id), isNull(declarations.deletedAt)))
        .returning({ id: declarations.id });
      return done.length ? c.json({ deleted: id }) : fail(c, 'not_found', { messageKey: 'error_not_found_report' });
    },
  );
