import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { checkPhoneCode, claimSendLock, issuePhoneCode, underDailyCaps } from '../../auth/phone-codes.ts';
import { issueVerificationToken, fullPhone } from '../../auth/verification-tokens.ts';
import { usedCaptchas } from '../../db/schema/index.ts';
import { captchaSettingsFor, verifyCaptchaToken } from '../../providers/captcha/altcha.ts';
import { smsProviderOf } from '../../providers/sms/index.ts';
import { clientIp, perIpRule, type LimitRule } from '../../rate-limit.ts';
import { sharedLimiterOf } from '../../shared-rate-limit.ts';
import { brandById, DEFAULT_BRAND, isBrandId } from '../../../domain/brands.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { sendPhoneVerificationSchema, verifyPhoneSchema } from '../../../domain/schemas/phone.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import { badInput, parseBody } from './auth-input.ts';

/**
 * Phone verification (SPEC §4, §5, §7): `POST /v2/api/auth/signup/send-phone-verification`
 * {countryCode, phone, captchaToken, purpose?} and `POST /api/auth/signup/verify-phone`
 * {countryCode, phone, code, purpose?} → `{ ok, phoneVerificationToken }`. `purpose` is `signup`
 * (default) or `find` (find ID / password).
 */
export const phoneSend = new Hono<ApiEnv>();
export const phoneVerify = new Hono<ApiEnv>();

export const PHONE_SENDS_PER_IP: LimitRule = { limit: 10, windowMs: 10 * 60_000 };
export const PHONE_VERIFIES_PER_IP: LimitRule = { limit: 60, windowMs: 10 * 60_000 };

const purposeSchema = v.optional(v.picklist(['signup', 'find'], 'purpose must be signup or find.'), 'signup');
export const sendBody = v.object({ ...sendPhoneVerificationSchema.entries, purpose: purposeSchema });
export const verifyBody = v.object({ ...verifyPhoneSchema.entries, purpose: purposeSchema });

phoneSend.post('/', async (c) => {
  const deps = c.get('deps');
  const db = deps.database.db;
  const parsed = await parseBody(c, sendBody);
  if (!parsed.ok) {
    if (parsed.message === FORM_TEXTS.captchaIncomplete) return c.json(apiErrorBody('captcha_failed'), 422);
    return badInput(c, parsed);
  }
  const { countryCode, phone: digits, captchaToken, purpose } = parsed.data;
  const ip = clientIp(c.req.header('x-forwarded-for'));

  const signature = await verifyCaptchaToken(captchaToken, deps.config.jwtSecret, captchaSettingsFor(deps.config.platformEnv));
  if (!signature) return c.json(apiErrorBody('captcha_failed'), 422);
  const fresh = await db.insert(usedCaptchas).values({ signature }).onConflictDoNothing().returning({ signature: usedCaptchas.signature });
  if (fresh.length === 0) return c.json(apiErrorBody('captcha_failed'), 422);

  const sms = smsProviderOf(deps);
  if (!sms) return c.json(apiErrorBody('sms_unavailable'), 502);
  const phone = fullPhone(countryCode, digits);
  const wait = await sharedLimiterOf(deps).take(`sms:${ip}`, perIpRule(PHONE_SENDS_PER_IP, deps));
  if (wait > 0 || !(await underDailyCaps(db, phone, ip, deps.config.platformEnv === 'production' ? 1 : 10))) {
    if (wait > 0) c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json(apiErrorBody('try_again_later'), 429);
  }
  if (!(await claimSendLock(db, phone, purpose))) return c.json(apiErrorBody('try_again_later'), 429);

  const code = await issuePhoneCode(db, deps.config.jwtSecret, phone, purpose, ip);
  const brandId = c.req.header('x-brand') ?? '';
  const service = (isBrandId(brandId) ? brandById(brandId) : DEFAULT_BRAND).serviceName.ko;
  try {
    await sms.send(phone, `[${service}] 인증번호 [${code}]를 3분 안에 입력해주세요.`);
  } catch {
    return c.json(apiErrorBody('sms_unavailable'), 502);
  }
  return c.json({ ok: true });
});

phoneVerify.post('/', async (c) => {
  const deps = c.get('deps');
  const parsed = await parseBody(c, verifyBody);
  if (!parsed.ok) return badInput(c, parsed);
  const wait = await sharedLimiterOf(deps).take(`sms-verify:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(PHONE_VERIFIES_PER_IP, deps));
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json(apiErrorBody('too_many_attempts'), 429);
  }
  const { countryCode, phone: digits, code, purpose } = parsed.data;
  const phone = fullPhone(countryCode, digits);
  const result = await checkPhoneCode(deps.database.db, deps.config.jwtSecret, phone, purpose, code);
  if (result !== 'ok') return c.json(apiErrorBody(result), 422);
  const phoneVerificationToken = await issueVerificationToken(deps.database.db, phone, purpose);
  return c.json({ ok: true, phoneVerificationToken });
});
