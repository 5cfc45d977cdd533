import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { newOpaqueToken } from '../../auth/secrets.ts';
import { consumeSocialTicket } from '../../auth/social-accounts.ts';
import { startSession } from '../../auth/start-session.ts';
import { uniqueViolation } from '../../auth/unique-violation.ts';
import type { Db } from '../../db/client.ts';
import { members, socialAccounts } from '../../db/schema/index.ts';
import { hashPassword } from '../../passwords.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { socialSignupSchema } from '../../../domain/schemas/signup.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import { readBody, validate } from './auth-input.ts';
import { duplicateError, recommenderExists } from './signup.ts';
import { asProvider, providerEnabled } from './social.ts';

/**
 * Social sign-up (SPEC §7): `POST /api/auth/signup/oauth/{kakao|google|twitch|naver}` and
 * `POST /v3/api/m/signup/kakao` with `{ accessToken, nickname, recommendId, pcode, countryCodes?,
 * device?, loginId? }`; `accessToken` is the ticket from the OAuth callback. Creates the member
 * (a generated ID unless twitch sends one, no usable password), links the identity, signs in.
 */
export const socialSignup = new Hono<ApiEnv>();

/** A login ID satisfying §5: provider letter + 9 base-36 characters. */
function generatedLoginId(provider: string): string {
  const tail = BigInt(`0x${Buffer.from(newOpaqueToken(8), 'base64url').toString('hex')}`)
    .toString(36)
    .slice(0, 9)
    .padStart(9, '0');
  return `${provider[0]}${tail}`;
}

async function handle(c: Context<ApiEnv>, providerName: string): Promise<Response> {
  const provider = asProvider(providerName);
  if (!provider) return c.json(apiErrorBody('not_found'), 404);
  if (!(await providerEnabled(c, provider))) return c.json(apiErrorBody('provider_disabled'), 403);
  const body = await readBody(c);
  if (!body.ok) return c.json(apiErrorBody(body.code), body.status);
  const parsed = validate(socialSignupSchema, body.data);
  if (!parsed.ok) return c.json(apiErrorBody(parsed.code, parsed.message), parsed.status);
  const input = parsed.data;
  const deps = c.get('deps');
  const db = deps.database.db;
  if (input.recommendId && !(await recommenderExists(db, input.recommendId)))
    return c.json(apiErrorBody('recommender_not_found', FORM_TEXTS.recommenderNotFound), 422);

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
    if (created === null) return c.json(apiErrorBody('social_failed'), 400);
    await startSession(c, db, deps.config.jwtSecret, created, false, input.device);
    return c.json({ ok: true, loginId, nickname: input.nickname }, 201);
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.startsWith('social_accounts')) return c.json(apiErrorBody('social_already_registered'), 409);
    if (constraint) return c.json(duplicateError(constraint), 409);
    throw err;
  }
}

socialSignup.post('/api/auth/signup/oauth/:provider', (c) => handle(c, c.req.param('provider')));
socialSignup.post('/v3/api/m/signup/kakao', (c) => handle(c, 'kakao'));
