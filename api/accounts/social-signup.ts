import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { newOpaqueToken } from '../auth/secrets.ts';
import { consumeSocialTicket } from './social-accounts.ts';
import { startSession } from './start-session.ts';
import { uniqueViolation } from '../db/unique-violation.ts';
import type { Db } from '../db/client.ts';
import { members, socialAccounts } from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { LoginProvider } from '../../domain/enums.ts';
import { socialSignupSchema, type SocialSignupInput } from '../../domain/schemas/signup.ts';
import { fail } from '../http/errors.ts';
import { doc, type RouteDoc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { duplicateCode, recommenderExists } from './signup.ts';
import { providerOn, providerParams } from './social.ts';

/**
 * Social sign-up (SPEC §7): `accessToken` is the ticket from the OAuth callback. Creates the
 * member (a generated ID unless twitch sends one, no usable password), links the identity, signs in.
 */

/** A login ID satisfying §5: provider letter + 9 base-36 characters. */
function generatedLoginId(provider: string): string {
  const tail = BigInt(`0x${Buffer.from(newOpaqueToken(8), 'base64url').toString('hex')}`)
    .toString(36)
    .slice(0, 9)
    .padStart(9, '0');
  return `${provider[0]}${tail}`;
}

async function createSocialMember(c: Context<ApiEnv>, provider: LoginProvider, input: SocialSignupInput): Promise<Response> {
  const deps = c.get('deps');
  const db = deps.database.db;
  if (input.recommendId && !(await recommenderExists(db, input.recommendId))) return fail(c, 'recommender_not_found');

  const loginId = provider === 'twitch' && input.loginId ? input.loginId : generatedLoginId(provider);
  // Social members sign in through the provider; a random password nobody knows keeps the column honest.
  const passwordHash = await hashPassword(newOpaqueToken(32));
  try {
    const created = await db.transaction(async (tx) => {
      const identity = await consumeSocialTicket(tx as unknown as Db, provider, input.accessToken);
      if (!identity) return null;
      const [row] = await tx
        .insert(members)
        .values({
          loginId,
          nickname: input.nickname,
          passwordHash,
          recommendId: input.recommendId || null,
          partnerCode: input.pcode || null,
          countryCode: input.countryCodes ?? null,
          device: input.device,
          marketingAgreed: input.agreeMarketing,
        })
        .returning({ id: members.id });
      await tx.insert(socialAccounts).values({ provider, subject: identity.subject, memberId: row!.id });
      return row!.id;
    });
    if (created === null) return fail(c, 'social_failed');
    await startSession(c, db, deps.config.jwtSecret, created, false, input.device);
    return c.json({ ok: true, loginId, nickname: input.nickname }, 201);
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.startsWith('social_accounts')) return fail(c, 'social_already_registered');
    if (constraint) return fail(c, duplicateCode(constraint));
    throw err;
  }
}

const signupDoc = (summary: string): RouteDoc => ({
  tag: 'auth',
  summary,
  description: 'The login ID is generated (provider letter + 9 base-36) unless twitch sends a valid one; countryCodes is for google and naver.',
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
    (c) => createSocialMember(c, c.req.valid('param').provider, c.req.valid('json')),
  )
  .post(
    '/v3/api/m/signup/kakao',
    doc(signupDoc('The kakao social sign-up of the mobile app')),
    providerOn({ fixed: 'kakao' }),
    body(socialSignupSchema, { form: true }),
    (c) => createSocialMember(c, 'kakao', c.req.valid('json')),
  );
