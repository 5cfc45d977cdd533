import { Hono } from 'hono';
import * as v from 'valibot';
import { passwordSchema, strippedString } from '../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../domain/schemas/texts.ts';
import type { ApiEnv } from '../app-env.ts';
import { clearSessionCookies } from '../auth/session-cookies.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { resetPassword } from './find-reset.ts';

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
    const { database, sessionChecks } = c.get('deps');
    const reset = await resetPassword(database.db, sessionChecks, input.loginId, input.authToken, input.password);
    if (!reset.ok) return fail(c, reset.code);
    clearSessionCookies(c);
    return c.json({ ok: true });
  },
);
