import { Hono, type Context } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { consumeVerificationToken, fullPhone, issueVerificationToken } from './verification-tokens.ts';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { sharedLimiterOf } from '../http/shared-rate-limit.ts';
import { IDENTITY_FLOWS } from '../../domain/enums.ts';
import { countryCodeSchema, phoneSchema, strippedString } from '../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../domain/schemas/texts.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';

/**
 * Find ID and password (SPEC §2 /member/find/findId, §7), verified by phone (purpose `find` of the
 * phone verification). The reset itself is `PUT /api/oauth/password` in api/accounts/find-reset.ts.
 */
export const FIND_PER_IP: LimitRule = { limit: 30, windowMs: 10 * 60_000 };

/** Every find call counts against one per-IP limit shared by the API processes. */
async function limited(c: Context<ApiEnv>): Promise<Response | null> {
  const wait = await sharedLimiterOf(c.get('deps')).take(`find:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(FIND_PER_IP, c.get('deps')));
  if (wait === 0) return null;
  return fail(c, 'too_many_attempts', { headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
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

/** `type=password` needs the login ID; the other flows ignore it. */
export const findQuery = v.pipe(
  v.object({ type: v.picklist(IDENTITY_FLOWS), loginId: v.optional(strippedString(FORM_TEXTS.loginIdEmpty, 64), '') }),
  v.forward(
    v.partialCheck([['type'], ['loginId']], (q) => q.type !== 'password' || q.loginId !== '', FORM_TEXTS.loginIdEmpty),
    ['loginId'],
  ),
);
export const findIdBody = v.object(phoneProof);
export const findPasswordBody = v.object({ loginId: loginIdField, ...phoneProof });
export const generateBody = v.object({ userId: loginIdField, ...phoneProof });

/** The 10-minute single-use reset token for an account whose own phone was just verified. */
async function passwordResetToken(c: Context<ApiEnv>, db: Db, loginId: string, countryCode: string, digits: string, token: string): Promise<Response> {
  const phone = fullPhone(countryCode, digits);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.loginId, loginId), eq(members.phone, phone)));
  if (!member) return fail(c, 'account_not_found');
  if (!(await consumeVerificationToken(db, token, { phone, purpose: 'find' }))) return fail(c, 'phone_verification_required');
  const authToken = await issueVerificationToken(db, phone, 'password-reset', member.id);
  c.header('Cache-Control', 'no-store');
  return c.json({ result: 'ok', loginId, authToken });
}

const RESET_ERRORS = ['too_many_attempts', 'account_not_found', 'phone_verification_required'] as const;

export const find = new Hono<ApiEnv>()
  .get(
    '/api/auth/signin/find',
    doc({
      tag: 'verification',
      summary: 'Whether a find flow can start; type=password also names the masked phone of the ID',
      responses: { 200: "{ result: 'ok', type, method: 'phone', phoneHint? } or { result: 'notfound' }" },
      errors: ['bad_request', 'too_many_attempts'],
    }),
    query(findQuery, { fields: { type: 'bad_request' } }),
    async (c) => {
      const q = c.req.valid('query');
      const blocked = await limited(c);
      if (blocked) return blocked;
      if (q.type !== 'password') return c.json({ result: 'ok', type: q.type, method: 'phone' });
      const [row] = await c.get('deps').database.db.select({ phone: members.phone }).from(members).where(eq(members.loginId, q.loginId));
      if (!row?.phone) return c.json({ result: 'notfound' });
      return c.json({ result: 'ok', type: q.type, method: 'phone', phoneHint: maskPhone(row.phone) });
    },
  )
  .post(
    '/api/auth/signin/find-id/confirm',
    doc({
      tag: 'verification',
      summary: 'The login IDs of a phone just verified (purpose find); the verification token is single use',
      responses: { 200: "{ result: 'ok', loginIds: [{ loginId, createdAt }] }" },
      errors: ['too_many_attempts', 'phone_verification_required', 'account_not_found'],
    }),
    body(findIdBody, { form: true }),
    async (c) => {
      const input = c.req.valid('json');
      const blocked = await limited(c);
      if (blocked) return blocked;
      const db = c.get('deps').database.db;
      const phone = fullPhone(input.countryCode, input.phone);
      if (!(await consumeVerificationToken(db, input.phoneVerificationToken, { phone, purpose: 'find' }))) return fail(c, 'phone_verification_required');
      const rows = await db
        .select({ loginId: members.loginId, createdAt: members.createdAt })
        .from(members)
        .where(eq(members.phone, phone))
        .orderBy(asc(members.id));
      if (rows.length === 0) return fail(c, 'account_not_found');
      return c.json({ result: 'ok', loginIds: rows.map((r) => ({ loginId: r.loginId, createdAt: r.createdAt.toISOString().slice(0, 10) })) });
    },
  )
  .post(
    '/api/auth/signin/find-password/confirm',
    doc({
      tag: 'verification',
      summary: 'A password-reset token for an account whose own phone was just verified',
      responses: { 200: "{ result: 'ok', loginId, authToken } (single use, 10 minutes, bound to the member)" },
      errors: RESET_ERRORS,
    }),
    body(findPasswordBody, { form: true }),
    async (c) => {
      const { loginId, countryCode, phone, phoneVerificationToken } = c.req.valid('json');
      const blocked = await limited(c);
      if (blocked) return blocked;
      return passwordResetToken(c, c.get('deps').database.db, loginId, countryCode, phone, phoneVerificationToken);
    },
  )
  .post(
    '/api/oauth/generate',
    doc({
      tag: 'verification',
      summary: 'The same as find-password/confirm, with userId',
      responses: { 200: "{ result: 'ok', loginId, authToken }" },
      errors: RESET_ERRORS,
    }),
    body(generateBody, { form: true }),
    async (c) => {
      const { userId, countryCode, phone, phoneVerificationToken } = c.req.valid('json');
      const blocked = await limited(c);
      if (blocked) return blocked;
      return passwordResetToken(c, c.get('deps').database.db, userId, countryCode, phone, phoneVerificationToken);
    },
  );
