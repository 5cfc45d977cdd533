import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { startSession } from '../../auth/start-session.ts';
import { uniqueViolation } from '../../auth/unique-violation.ts';
import { consumeVerificationToken, fullPhone } from '../../auth/verification-tokens.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { hashPassword } from '../../passwords.ts';
import { clientIp, perIpRule, type LimitRule } from '../../rate-limit.ts';
import { sharedLimiterOf } from '../../shared-rate-limit.ts';
import { brandById, isBrandId } from '../../../domain/brands.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { foreignerSignupSchema, signupSchema, type ForeignerSignupInput } from '../../../domain/schemas/signup.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import { readBody, validate } from './auth-input.ts';

/**
 * `POST /api/auth/signup` (SPEC §3, §5): domestic, or foreigner when the body carries any of
 * name, birthday, gender or phoneVerificationToken. Every §5 rule runs here; errors are
 * `{ error, error_msg }` with the §5 text. The new member is signed in (session cookies), so the
 * welcome panel's identity-verification button works at once.
 */
export const signup = new Hono<ApiEnv>();

export const SIGNUPS_PER_IP: LimitRule = { limit: 20, windowMs: 60 * 60_000 };

const FOREIGNER_KEYS = ['name', 'birthday', 'gender', 'phoneVerificationToken'];

export async function recommenderExists(db: Db, loginId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.loginId, loginId), eq(members.blocked, false)));
  return Boolean(row);
}

/** Maps a unique-index race to its §5 answer. */
export function duplicateError(constraint: string) {
  return constraint.includes('nickname')
    ? apiErrorBody('nickname_exists', FORM_TEXTS.nicknameExists)
    : apiErrorBody('login_id_exists', FORM_TEXTS.loginIdExists);
}

signup.post('/', async (c) => {
  const deps = c.get('deps');
  const db = deps.database.db;
  const body = await readBody(c);
  if (!body.ok) return c.json(apiErrorBody(body.code), body.status);
  const foreigner = FOREIGNER_KEYS.some((k) => body.data[k] !== undefined && body.data[k] !== '');
  const brandId = c.req.header('x-brand') ?? '';
  // Partner brands have no foreigner path (domain/brands.ts features).
  if (foreigner && isBrandId(brandId) && !brandById(brandId).features.foreignerSignup) return c.json(apiErrorBody('forbidden'), 403);
  const parsed = foreigner ? validate(foreignerSignupSchema, body.data) : validate(signupSchema, body.data);
  if (!parsed.ok) return c.json(apiErrorBody(parsed.code, parsed.message), parsed.status);

  const wait = await sharedLimiterOf(deps).take(`signup:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(SIGNUPS_PER_IP, deps));
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json(apiErrorBody('too_many_attempts'), 429);
  }

  const input = parsed.data;
  if (input.recommendId && (input.recommendId === input.loginId || !(await recommenderExists(db, input.recommendId))))
    return c.json(apiErrorBody('recommender_not_found', FORM_TEXTS.recommenderNotFound), 422);

  const passwordHash = await hashPassword(input.password);
  const f = foreigner ? (input as ForeignerSignupInput) : null;
  const phone = f ? fullPhone(f.countryCode, f.phone) : null;
  try {
    const memberId = await db.transaction(async (tx) => {
      if (f && phone) {
        const used = await consumeVerificationToken(tx as unknown as Db, f.phoneVerificationToken, { phone, purpose: 'signup' });
        if (!used) return null;
      }
      const [row] = await tx
        .insert(members)
        .values({
          loginId: input.loginId,
          nickname: input.nickname,
          passwordHash,
          name: f?.name ?? null,
          birthday: f?.birthday ?? null,
          gender: f?.gender ?? null,
          phone,
          countryCode: f?.countryCode ?? null,
          recommendId: input.recommendId || null,
          partnerCode: input.pcode || null,
          aspCode: input.aspCode || null,
          aspUserkey: input.userkey || null,
          device: input.device,
          marketingAgreed: input.agreeMarketing,
        })
        .returning({ id: members.id });
      return row!.id;
    });
    if (memberId === null) return c.json(apiErrorBody('phone_verification_required', FORM_TEXTS.phoneVerificationRequired), 422);
    await startSession(c, db, deps.config.jwtSecret, memberId, false, input.device);
    return c.json({ ok: true, memberId, loginId: input.loginId, nickname: input.nickname }, 201);
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint) return c.json(duplicateError(constraint), 409);
    throw err;
  }
});
