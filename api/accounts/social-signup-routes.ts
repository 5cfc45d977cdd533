/**
 * `POST /api/auth/signup/oauth/{provider}` and `POST /v3/api/m/signup/kakao`: a member from a social
 * sign-up ticket, signed in at once.
 */
import { Hono, type Context } from 'hono';
import type { LoginProvider } from '../../domain/enums.ts';
import { socialSignupSchema, type SocialSignupInput } from '../../domain/schemas/signup.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc, type RouteDoc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { createSocialMember } from './social-signup.ts';
import { providerOn, providerParams } from './social-routes.ts';
import { startSession } from './start-session.ts';

async function signUp(c: Context<ApiEnv>, provider: LoginProvider, input: SocialSignupInput): Promise<Response> {
  const deps = c.get('deps');
  const created = await createSocialMember(deps.database.db, provider, input);
  if (!created.ok) return fail(c, created.code);
  await startSession(c, deps.database.db, deps.config.jwtSecret, created.memberId, false, input.device);
  return c.json({ ok: true, loginId: created.loginId, nickname: input.nickname }, 201);
}

const signupDoc = (summary: string): RouteDoc => ({
  tag: 'auth',
  summary,
  description:
    'The login ID is generated (provider letter + 9 base-36) unless twitch sends a valid one; countryCodes is for ' +
    'google and naver.',
  responses: { 201: '{ ok: true, loginId, nickname } and the session cookies' },
  errors: ['recommender_not_found', 'social_failed', 'social_already_registered', 'login_id_exists', 'nickname_exists'],
});

export const socialSignup = new Hono<ApiEnv>()
  .post(
    '/api/auth/signup/oauth/:provider',
    doc(signupDoc('Creates a member from a social sign-up ticket (kakao, google, twitch, naver) and signs them in')),
    providerParams(),
    providerOn(),
    body(socialSignupSchema, { form: true }),
    (c) => signUp(c, c.req.valid('param').provider, c.req.valid('json')),
  )
  .post(
    '/v3/api/m/signup/kakao',
    doc(signupDoc('The kakao social sign-up of the mobile app')),
    providerOn({ fixed: 'kakao' }),
    body(socialSignupSchema, { form: true }),
    (c) => signUp(c, 'kakao', c.req.valid('json')),
  );
