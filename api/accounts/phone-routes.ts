import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { checkPhoneCode, claimSendLock, issuePhoneCode, underDailyCaps } from './phone-codes.ts';
import { issueVerificationToken, fullPhone } from './verification-tokens.ts';
import { captchaSettingsFor, verifyCaptchaToken } from '../providers/captcha/altcha.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { sendPhoneVerificationSchema, verifyPhoneSchema } from '../../domain/schemas/phone.ts';
import { callerText, fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { foreignerSignupOffered } from './foreigner-gate.ts';
import { spendCaptcha } from './used-captchas.ts';
import { outboxOf } from '../providers/sms/index.ts';

/**
 * Phone verification (SPEC §4, §5, §7). `purpose` is `signup` (the default: the foreigner
 * sign-up, the only sign-up with a phone) or `find` (find ID / password); a code and the token it
 * gives serve only their purpose.
 */
export const PHONE_SENDS_PER_IP: LimitRule = { limit: 10, windowMs: 10 * 60_000 };
export const PHONE_VERIFIES_PER_IP: LimitRule = { limit: 60, windowMs: 10 * 60_000 };

const purposeSchema = v.optional(v.picklist(['signup', 'find']), 'signup');
export const sendBody = v.object({ ...sendPhoneVerificationSchema.entries, purpose: purposeSchema });
export const verifyBody = v.object({ ...verifyPhoneSchema.entries, purpose: purposeSchema });

const retryAfter = (waitMs: number) => ({ 'Retry-After': String(Math.ceil(waitMs / 1000)) });

export const phoneSend = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'verification',
    summary: 'Sends a 6-digit code by SMS after a solved captcha (one send per phone per 60 s)',
    description:
      'captchaToken is base64 JSON { challenge, solution } as the ALTCHA widget posts it, accepted once. Brands ' +
      'without the foreigner sign-up refuse purpose signup with 403 feature_unavailable.',
    responses: {
      200: '{ ok: true }; in development with the outbox SMS also developmentCode, the code the form shows beside its field',
    },
    errors: ['captcha_failed', 'try_again_later', 'sms_unavailable'],
  }),
  foreignerSignupOffered((b) => b.purpose === undefined || b.purpose === 'signup'),
  body(sendBody, { form: true, fields: { captchaToken: 'captcha_failed' } }),
  async (c) => {
    const deps = c.get('deps');
    const db = deps.database.db;
    const { countryCode, phone: digits, captchaToken, purpose } = c.req.valid('json');
    const ip = clientIp(c.req.header('x-forwarded-for'));

    const signature = await verifyCaptchaToken(
      captchaToken,
      deps.config.jwtSecret,
      captchaSettingsFor(deps.config.platformEnv),
    );
    if (!signature) return fail(c, 'captcha_failed');
    if (!(await spendCaptcha(db, signature))) return fail(c, 'captcha_failed');

    const sms = deps.sms;
    if (!sms) return fail(c, 'sms_unavailable');
    const phone = fullPhone(countryCode, digits);
    const wait = await deps.sharedLimiter.take(`sms:${ip}`, perIpRule(PHONE_SENDS_PER_IP, deps));
    if (wait > 0) return fail(c, 'try_again_later', { headers: retryAfter(wait) });
    if (!(await underDailyCaps(db, phone, ip, deps.config.platformEnv === 'production' ? 1 : 10)))
      return fail(c, 'try_again_later');
    if (!(await claimSendLock(db, phone, purpose))) return fail(c, 'try_again_later');

    const code = await issuePhoneCode(db, deps.config.jwtSecret, phone, purpose, ip);
    try {
      await sms.send(phone, callerText(c, 'auth_sms_code', { code }));
    } catch {
      return fail(c, 'sms_unavailable');
    }
    // The development SMS never leaves the machine: the form shows its code beside the field. Never in production.
    if (deps.config.platformEnv !== 'production' && outboxOf(sms)) return c.json({ ok: true, developmentCode: code });
    return c.json({ ok: true });
  },
);

export const phoneVerify = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'verification',
    summary: 'Checks the SMS code; the answer holds a single-use token bound to the phone and purpose (10 minutes)',
    description: 'A code lives 3 minutes; the fifth wrong try locks it, and a new send voids the previous code.',
    responses: { 200: '{ ok: true, phoneVerificationToken }' },
    errors: ['too_many_attempts', 'code_invalid', 'code_expired', 'code_locked'],
  }),
  body(verifyBody, { form: true }),
  async (c) => {
    const deps = c.get('deps');
    const wait = await deps.sharedLimiter.take(
      `sms-verify:${clientIp(c.req.header('x-forwarded-for'))}`,
      perIpRule(PHONE_VERIFIES_PER_IP, deps),
    );
    if (wait > 0) return fail(c, 'too_many_attempts', { headers: retryAfter(wait) });
    const { countryCode, phone: digits, code, purpose } = c.req.valid('json');
    const phone = fullPhone(countryCode, digits);
    const result = await checkPhoneCode(deps.database.db, deps.config.jwtSecret, phone, purpose, code);
    if (result !== 'ok') return fail(c, result);
    const phoneVerificationToken = await issueVerificationToken(deps.database.db, phone, purpose);
    return c.json({ ok: true, phoneVerificationToken });
  },
);
