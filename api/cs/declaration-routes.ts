/**
 * Reports (declarations) of a member, a broadcast or a post, members only, each member sees only
 * their own: `GET /api/cs/declaration-list`, `POST /api/cs/declaration-post` (multipart, up to 3
 * images as evidence), `DELETE /api/cs/declaration-delete/{id}`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/cs.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { declarationForm } from '../../domain/schemas/declarations.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { brandOffers } from '../http/features.ts';
import { doc } from '../http/openapi.ts';
import { ids, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { checkUploads, FILE_CODES, upload } from '../http/uploads.ts';
import { deleteDeclaration, listDeclarations, mayReport, sendDeclaration } from './declaration.ts';

export const declarationRoutes = new Hono<ApiEnv>()
  .get(
    '/declaration-list',
    doc({
      tag: 'cs',
      summary: "The caller's reports, newest first, with their evidence files",
      responses: { 200: { description: '{ list, total, offset, limit }', schema: answer.declarationPage } },
    }),
    brandOffers('customerService'),
    requireMember(),
    query(v.object({ ...paging(PAGE_LIMIT_DEFAULT) })),
    async (c) => {
      const page = await listDeclarations(c.get('deps').database.db, me(c).id, c.req.valid('query'));
      return c.json(page satisfies answer.DeclarationPage);
    },
  )
  .post(
    '/declaration-post',
    doc({
      tag: 'cs',
      summary:
        'Reports a member, with up to 3 images as evidence (every file is checked by content before any is stored)',
      responses: { 201: { description: '{ declarationId, attachments }', schema: answer.declarationSent } },
      errors: ['target_not_found', ...FILE_CODES],
    }),
    brandOffers('customerService'),
    requireMember(),
    upload(declarationForm),
    async (c) => {
      const { files, ...input } = c.req.valid('form');
      const { db } = c.get('deps').database;
      const allowed = await mayReport(db, me(c).id, input.targetLoginId);
      if (!allowed.ok) {
        if (allowed.code === 'target_not_found') return fail(c, 'target_not_found');
        const fields = { field: 'targetLoginId' };
        return fail(c, 'validation_failed', { messageKey: 'error_validation_failed_report_self', fields });
      }
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const saving = { db, storage: c.get('deps').storage, memberId: me(c).id };
      const declarationId = await sendDeclaration(saving, input, checked.checked);
      return c.json({ declarationId, attachments: checked.checked.length } satisfies answer.DeclarationSent, 201);
    },
  )
  .delete(
    '/declaration-delete/:id',
    doc({
      tag: 'cs',
      summary: "Deletes one of the caller's reports",
      responses: { 200: { description: '{ deleted }', schema: answer.csRecordDeleted } },
      errors: ['not_found'],
    }),
    brandOffers('customerService'),
    requireMember(),
    params(ids('id'), { invalid: 'not_found' }),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteDeclaration(c.get('deps').database.db, me(c).id, id);
      if (!deleted) return fail(c, 'not_found', { messageKey: 'error_not_found_report' });
      return c.json({ deleted: id } satisfies answer.CsRecordDeleted);
    },
  );
