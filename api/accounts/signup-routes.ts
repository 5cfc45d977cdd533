import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { startSession } from './start-session.ts';
import { hashPassword } from '../auth/passwords.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { isForeignerSignup, signupRequestSchema, signupRequestShape } from '../../domain/schemas/signup.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { foreignerSignupOffered } from './foreigner-gate.ts';
import { createMember, recommenderExists } from './signup.ts';

export const SIGNUPS_PER_IP: LimitRule = { limit: 20, windowMs: 60 * 60_000 };

/**
 * `POST /api/auth/signup` (SPEC §3, §5): domestic, or foreigner when the body carries any of
 * name, birthday, gender or phoneVerificationToken. Every §5 rule runs here, answering the §5
 * text in the caller's language. The new member is signed in (session cookies), so the welcome
 * panel's identity-verification button works at once.
 */
export const signup = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'auth',
    summary: 'Creates a member (domestic, or foreigner with a verified phone) and signs them in',
    description:
      'The foreigner form is chosen by the presence of any of name, birthday, gender, phoneVerificationToken; ' +
      'brands without it refuse that form with 403 feature_unavailable. Unique indexes decide races: of two ' +
      'concurrent sign-ups with one ID, exactly one wins.',
    responses: {
      201:
        '{ ok: true, memberId, loginId, nickname, adultValue } and the session cookies (adultValue: the welcome ' +
        'is the adult-verification panel)',
    },
    errors: [
      'too_many_attempts',
      'recommender_not_found',
      'phone_verification_required',
      'login_id_exists',
      'nickname_exists',
    ],
  }),
  foreignerSignupOffered(isForeignerSignup),
  body(signupRequestSchema, { form: true, describedAs: signupRequestShape }),
  async (c) => {
    const deps = c.get('deps');
    const db = deps.database.db;
    const input = c.req.valid('json');
    const wait = await deps.sharedLimiter.take(
      `signup:${clientIp(c.req.header('x-forwarded-for'))}`,
      perIpRule(SIGNUPS_PER_IP, deps),
    );
    if (wait > 0) return fail(c, 'too_many_attempts', { headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
    if (input.recommendId && (input.recommendId === input.loginId || !(await recommenderExists(db, input.recommendId))))
      return fail(c, 'recommender_not_found');

    const created = await createMember(db, input, await hashPassword(input.password));
    if (!created.ok) return fail(c, created.code);
    const { memberId } = created;
    await startSession(c, db, deps.config.jwtSecret, memberId, false, input.device);
    return c.json(
      { ok: true, memberId, loginId: input.loginId, nickname: input.nickname, adultValue: input.adultValue },
      201,
    );
  },
);
