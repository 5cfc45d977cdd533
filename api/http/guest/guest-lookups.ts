import { Hono, type MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { clientIp, perIpRule, rateLimiterOf, type LimitRule } from '../../rate-limit.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { loginIdSchema, nicknameSchema } from '../../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';

/**
 * Guest lookups of SPEC §7: `loginId/{id}` ok|exists, `find-loginId/{id}`, `nickname/{nick}`
 * ok|overlap, `refcode/{code}`, `findRecommender/{id}` ok|notfound. Answers are
 * `{ result, msg? }`; a value that breaks the §5 rule answers 400 with its text. Lookups reveal
 * whether an ID exists (the sign-up form needs that), so they are rate-limited per IP.
 */
export const guestLookups = new Hono<ApiEnv>();

export const LOOKUPS_PER_IP: LimitRule = { limit: 300, windowMs: 60_000 };

/** Per route, not `use('*')`: other resources share the `/api/guest` prefix. */
const lookupLimit: MiddlewareHandler<ApiEnv> = async function lookupLimit(c, next) {
  const wait = rateLimiterOf(c.get('deps')).take(`lookup:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(LOOKUPS_PER_IP, c.get('deps')));
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json(apiErrorBody('too_many_attempts'), 429);
  }
  await next();
};

/** Something that could be a login ID at all (any case, so lookups stay forgiving); else no match. */
const ID_LIKE = /^[A-Za-z0-9]{1,64}$/;

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function loginIdTaken(db: Db, loginId: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  return Boolean(row);
}

guestLookups.get('/loginId/:id', lookupLimit, async (c) => {
  const parsed = v.safeParse(loginIdSchema, decoded(c.req.param('id')));
  if (!parsed.success) return c.json({ result: 'invalid', msg: parsed.issues[0]?.message ?? FORM_TEXTS.loginIdFormat }, 400);
  if (await loginIdTaken(c.get('deps').database.db, parsed.output)) return c.json({ result: 'exists', msg: FORM_TEXTS.loginIdExists });
  return c.json({ result: 'ok' });
});

/** Whether an account with this ID exists (find-password starts here). */
guestLookups.get('/find-loginId/:id', lookupLimit, async (c) => {
  const id = (decoded(c.req.param('id')) ?? '').replace(/\s+/gu, '');
  if (!ID_LIKE.test(id)) return c.json({ result: 'notfound' });
  return c.json({ result: (await loginIdTaken(c.get('deps').database.db, id)) ? 'exists' : 'notfound' });
});

guestLookups.get('/nickname/:nick', lookupLimit, async (c) => {
  const parsed = v.safeParse(nicknameSchema, decoded(c.req.param('nick')));
  if (!parsed.success) return c.json({ result: 'invalid', msg: parsed.issues[0]?.message ?? FORM_TEXTS.nicknameFormat }, 400);
  const [row] = await c.get('deps').database.db.select({ id: members.id }).from(members).where(eq(members.nickname, parsed.output));
  if (row) return c.json({ result: 'overlap', msg: FORM_TEXTS.nicknameExists });
  return c.json({ result: 'ok' });
});

/** A referral code is the referring member's login ID. */
guestLookups.get('/refcode/:code', lookupLimit, async (c) => {
  const code = (decoded(c.req.param('code')) ?? '').replace(/\s+/gu, '');
  if (!ID_LIKE.test(code)) return c.json({ result: 'notfound' });
  const [row] = await c.get('deps').database.db.select({ loginId: members.loginId, nickname: members.nickname }).from(members).where(eq(members.loginId, code));
  return c.json(row ? { result: 'ok', loginId: row.loginId, nickname: row.nickname } : { result: 'notfound' });
});

guestLookups.get('/findRecommender/:id', lookupLimit, async (c) => {
  const id = (decoded(c.req.param('id')) ?? '').replace(/\s+/gu, '');
  if (!ID_LIKE.test(id)) return c.json({ result: 'notfound', msg: FORM_TEXTS.recommenderNotFound });
  const [row] = await c.get('deps').database.db.select({ loginId: members.loginId, blocked: members.blocked }).from(members).where(eq(members.loginId, id));
  if (!row || row.blocked) return c.json({ result: 'notfound', msg: FORM_TEXTS.recommenderNotFound });
  return c.json({ result: 'ok', loginId: row.loginId });
});
