/** Phone verification payloads (SPEC §3, §5, §7). */
import * as v from 'valibot';
import { countryCodeSchema, phoneSchema, verificationCodeSchema } from './fields.ts';
import { FORM_TEXTS as T } from './texts.ts';

export const sendPhoneVerificationSchema = v.object({
  countryCode: v.optional(countryCodeSchema, '82'),
  phone: phoneSchema,
  captchaToken: v.pipe(
    v.string(T.captchaIncomplete),
    v.nonEmpty(T.captchaIncomplete),
    v.maxLength(4096, T.captchaIncomplete),
  ),
});

export const verifyPhoneSchema = v.object({
  countryCode: v.optional(countryCodeSchema, '82'),
  phone: phoneSchema,
  code: verificationCodeSchema,
});
