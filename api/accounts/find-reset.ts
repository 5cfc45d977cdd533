import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { revokeAllSessions } from '../auth/refresh-sessions.ts';
import { clearSessionCookies } from '../auth/session-cookies.ts';
import { consumeVerificationToken } from './verification-tokens.ts';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { passwordSchema, strippedString } from '../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../domain/schemas/texts.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';

export const resetBody = v.object({
  loginId: v.pipe(strippedString(FORM_TEXTS.loginIdEmpty, 64), v.nonEmpty(FORM_TEXTS.loginIdEmpty)),
  authToken: v.pipe(v.string(), v.minLength(16), v.maxLength(256)),
  password: passwordSchema,
});

/**
 * `PUT /api/oauth/password` {loginId, authToken, password}: sets a new password with the
 * single-use token of find-password, then ends every session of the account (ASVS 7.4.3).
 */
export const findReset = new Hono<ApiEnv>().put(
  '/password',
  doc({
    tag: 'verification',
    summary: 'Sets a new password with the token of find-password; every session of the account ends',
    responses: { 200: '{ ok: true }' },
    errors: ['invalid_auth_token'],
  }),
  body(resetBody, { form: true }),
  async (c) => {
    const input = c.req.valid('json');
    const db = c.get('deps').database.db;
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, input.loginId));
    if (!member) return fail(c, 'invalid_auth_token');
    const passwordHash = await hashPassword(input.password);
    const done = await db.transaction(async (tx) => {
      const used = await consumeVerificationToken(tx as unknown as Db, input.authToken, { purpose: 'password-reset', memberId: member.id });
      if (!used) return false;
      await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
      return true;
    });
    if (!done) return fail(c, 'invalid_auth_token');
    await revokeAllSessions(db, member.id);
    clearSessionCookies(c);
    return c.json({ ok: true });
  },
);
