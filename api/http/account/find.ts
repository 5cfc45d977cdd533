import { Hono, type Context } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { consumeVerificationToken, fullPhone, issueVerificationToken } from '../../auth/verification-tokens.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { clientIp, perIpRule, type LimitRule } from '../../rate-limit.ts';
import { sharedLimiterOf } from '../../shared-rate-limit.ts';
import { IDENTITY_FLOWS } from '../../../domain/enums.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { countryCodeSchema, phoneSchema, strippedString } from '../../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import { badInput, parseBody } from './auth-input.ts';

/**
 * Find ID and password (SPEC §2 /member/find/findId, §7), verified by phone (purpose `find` of the
 * phone verification): `GET /api/auth/signin/find?loginId&type`, `POST …/find-id/confirm`,
 * `POST …/find-password/confirm` (→ a 10-minute single-use `authToken`), `POST /api/oauth/generate`
 * (the same with `userId`). The reset itself is `PUT /api/oauth/password` in api/http/account/find-reset.ts.
 */
export const find = new Hono<ApiEnv>();

export const FIND_PER_IP: LimitRule = { limit: 30, windowMs: 10 * 60_000 };

async function limited(c: Context<ApiEnv>): Promise<Response | null> {
  const wait = await sharedLimiterOf(c.get('deps')).take(`find:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(FIND_PER_IP, c.get('deps')));
  if (wait === 0) return null;
  c.header('Retry-After', String(Math.ceil(wait / 1000)));
  return c.json(apiErrorBody('too_many_attempts'), 429);
}

/** Only the last four digits: enough for the owner to recognise, useless to anyone else. */
export function maskPhone(phone: string): string {
  return `***-****-${phone.slice(-4)}`;
}

const loginIdField = v.pipe(strippedString(FORM_TEXTS.loginIdEmpty, 64), v.nonEmpty(FORM_TEXTS.loginIdEmpty));
const phoneProof = {
  countryCode: v.optional(countryCodeSchema, '82'),
  phone: phoneSchema,
  phoneVerificationToken: v.pipe(
    v.string(FORM_TEXTS.phoneVerificationRequired),
    v.nonEmpty(FORM_TEXTS.phoneVerificationRequired),
    v.maxLength(256, FORM_TEXTS.phoneVerificationRequired),
  ),
};

find.get('/api/auth/signin/find', async (c) => {
  const type = c.req.query('type') ?? '';
  if (!(IDENTITY_FLOWS as readonly string[]).includes(type)) return c.json(apiErrorBody('bad_request'), 400);
  const blocked = await limited(c);
  if (blocked) return blocked;
  if (type !== 'password') return c.json({ result: 'ok', type, method: 'phone' });
  const loginId = v.safeParse(loginIdField, c.req.query('loginId') ?? '');
  if (!loginId.success) return c.json(apiErrorBody('validation_failed', loginId.issues[0]?.message), 400);
  const [row] = await c.get('deps').database.db.select({ phone: members.phone }).from(members).where(eq(members.loginId, loginId.output));
  if (!row?.phone) return c.json({ result: 'notfound' });
  return c.json({ result: 'ok', type, method: 'phone', phoneHint: maskPhone(row.phone) });
});

export const findIdBody = v.object(phoneProof);
export const findPasswordBody = v.object({ loginId: loginIdField, ...phoneProof });
export const generateBody = v.object({ userId: loginIdField, ...phoneProof });

find.post('/api/auth/signin/find-id/confirm', async (c) => {
  const parsed = await parseBody(c, findIdBody);
  if (!parsed.ok) return badInput(c, parsed);
  const blocked = await limited(c);
  if (blocked) return blocked;
  const db = c.get('deps').database.db;
  const phone = fullPhone(parsed.data.countryCode, parsed.data.phone);
  if (!(await consumeVerificationToken(db, parsed.data.phoneVerificationToken, { phone, purpose: 'find' })))
    return c.json(apiErrorBody('phone_verification_required'), 422);
  const rows = await db
    .select({ loginId: members.loginId, createdAt: members.createdAt })
    .from(members)
    .where(eq(members.phone, phone))
    .orderBy(asc(members.id));
  if (rows.length === 0) return c.json(apiErrorBody('account_not_found'), 404);
  return c.json({ result: 'ok', loginIds: rows.map((r) => ({ loginId: r.loginId, createdAt: r.createdAt.toISOString().slice(0, 10) })) });
});

async function passwordResetToken(c: Context<ApiEnv>, db: Db, loginId: string, countryCode: string, digits: string, token: string): Promise<Response> {
  const phone = fullPhone(countryCode, digits);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.loginId, loginId), eq(members.phone, phone)));
  if (!member) return c.json(apiErrorBody('account_not_found'), 404);
  if (!(await consumeVerificationToken(db, token, { phone, purpose: 'find' }))) return c.json(apiErrorBody('phone_verification_required'), 422);
  const authToken = await issueVerificationToken(db, phone, 'password-reset', member.id);
  c.header('Cache-Control', 'no-store');
  return c.json({ result: 'ok', loginId, authToken });
}

find.post('/api/auth/signin/find-password/confirm', async (c) => {
  const parsed = await parseBody(c, findPasswordBody);
  if (!parsed.ok) return badInput(c, parsed);
  const blocked = await limited(c);
  if (blocked) return blocked;
  const { loginId, countryCode, phone, phoneVerificationToken } = parsed.data;
  return passwordResetToken(c, c.get('deps').database.db, loginId, countryCode, phone, phoneVerificationToken);
});

find.post('/api/oauth/generate', async (c) => {
  const parsed = await parseBody(c, generateBody);
  if (!parsed.ok) return badInput(c, parsed);
  const blocked = await limited(c);
  if (blocked) return blocked;
  const { userId, countryCode, phone, phoneVerificationToken } = parsed.data;
  return passwordResetToken(c, c.get('deps').database.db, userId, countryCode, phone, phoneVerificationToken);
});
