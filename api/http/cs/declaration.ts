/**
 * Reports (declarations) of a member, a broadcast or a post, members only, each member sees only
 * their own: `GET /api/cs/declaration-list`, `POST /api/cs/declaration-post` (multipart, up to 3
 * images as evidence), `DELETE /api/cs/declaration-delete/{id}`.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { declarations, members } from '../../db/schema/index.ts';
import { attachRows, attachmentsOf, checkFiles, storeFiles } from './cs-attachments.ts';
import { badPaging, fail, me, notFound, paging, parseId, readMultipart, storageOf, textField, uploadBodyLimit, validate } from './cs-http.ts';
import { requireMember } from '../session.ts';

export const DECLARATION_CATEGORIES = ['abuse', 'spam', 'adult', 'fraud', 'copyright', 'etc'] as const;

const declarationSchema = v.object({
  category: v.picklist(DECLARATION_CATEGORIES),
  targetLoginId: textField(15),
  content: textField(4000),
});

export const declarationRoutes = new Hono<ApiEnv>();

declarationRoutes.get('/declaration-list', requireMember(), async (c) => {
  const page = paging(c);
  if (!page) return badPaging(c);
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
});

declarationRoutes.post('/declaration-post', requireMember(), uploadBodyLimit(), async (c) => {
  const form = await readMultipart(c);
  if (!form.ok) return form.res;
  const input = validate(c, declarationSchema, form.fields);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const [target] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, input.data.targetLoginId));
  if (!target) return fail(c, 404, 'target_not_found', 'No member has that ID.');
  if (target.id === me(c).id) return fail(c, 400, 'validation_failed', 'You cannot report yourself.');
  const files = await checkFiles(c, form.files);
  if (!files.ok) return files.res;
  const { stored, discard } = await storeFiles(storageOf(c), files.checked);
  try {
    const declarationId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(declarations)
        .values({ reporterId: me(c).id, ...input.data })
        .returning({ id: declarations.id });
      await attachRows(tx, 'declaration', row!.id, me(c).id, stored);
      return row!.id;
    });
    return c.json({ declarationId, attachments: stored.length }, 201);
  } catch (err) {
    await discard();
    throw err;
  }
});

declarationRoutes.delete('/declaration-delete/:id', requireMember(), async (c) => {
  const id = parseId(c.req.param('id'));
  if (!id) return notFound(c, 'report');
  const { db } = c.get('deps').database;
  const done = await db
    .update(declarations)
    .set({ deletedAt: new Date() })
    .where(and(eq(declarations.id, id), eq(declarations.reporterId, me(c).id), isNull(declarations.deletedAt)))
    .returning({ id: declarations.id });
  return done.length ? c.json({ deleted: id }) : notFound(c, 'report');
});
