import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { IDENTITY_FLOWS } from '../../domain/enums.ts';
import { countryCodeSchema, phoneSchema, strippedString } from '../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../domain/schemas/texts.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';
import { loginIdsOfVerifiedPhone, maskPhone, passwordResetToken, phoneOfLoginId } from './find.ts';

/**
 * Find ID and password (SPEC §2 /member/find/findId, §7), verified by phone (purpose `find` of the
 * phone verification). The reset itself is `PUT /api/oauth/password` in ./find-reset-routes.ts.
 */
export const FIND_PER_IP: LimitRule = { limit: 30, windowMs: 10 * 60_000 };

/** Every find call counts against one per-IP limit shared by the API processes. */
async function limited(c: Context<ApiEnv>): Promise<Response | null> {
  const wait = await c
    .get('deps')
    .sharedLimiter.take(`find:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(FIND_PER_IP, c.get('deps')));
  if (wait === 0) return null;
  return fail(c, 'too_many_attempts', { headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
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

/** Answers the reset token of a verified phone proof for `loginId`. */
async function answerResetToken(
  c: Context<ApiEnv>,
  loginId: string,
  proof: Parameters<typeof passwordResetToken>[2],
): Promise<Response> {
  const issued = await passwordResetToken(c.get('deps').database.db, loginId, proof);
  if (!issued.ok) return fail(c, issued.code);
  c.header('Cache-Control', 'no-store');
  return c.json({ result: 'ok', loginId, authToken: issued.authToken });
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
      const phone = await phoneOfLoginId(c.get('deps').database.db, q.loginId);
      if (!phone) return c.json({ result: 'notfound' });
      return c.json({ result: 'ok', type: q.type, method: 'phone', phoneHint: maskPhone(phone) });
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
      const found = await loginIdsOfVerifiedPhone(c.get('deps').database.db, input);
      if (!found.ok) return fail(c, found.code);
      return c.json({ result: 'ok', loginIds: found.loginIds });
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
      const { loginId, ...proof } = c.req.valid('json');
      const blocked = await limited(c);
      if (blocked) return blocked;
      return answerResetToken(c, loginId, proof);
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
      const { userId, ...proof } = c.req.valid('json');
      const blocked = await limited(c);
      if (blocked) return blocked;
      return answerResetToken(c, userId, proof);
    },
  );
