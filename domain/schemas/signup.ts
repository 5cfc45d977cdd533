/** Sign-up payloads of SPEC §3 (domestic, foreigner, social) with the rules of §5. */
import * as v from 'valibot';
import {
  birthdaySchema,
  countryCodeSchema,
  deviceSchema,
  flagSchema,
  foreignerPasswordSchema,
  genderSchema,
  loginIdSchema,
  nameSchema,
  nicknameSchema,
  passwordSchema,
  phoneSchema,
  recommendIdSchema,
  shortCodeSchema,
} from './fields.ts';
import { FORM_TEXTS as T } from './texts.ts';

const common = {
  loginId: loginIdSchema,
  nickname: nicknameSchema,
  recommendId: recommendIdSchema,
  pcode: shortCodeSchema,
  aspCode: shortCodeSchema,
  userkey: shortCodeSchema,
  device: deviceSchema,
  agreeTerms: v.optional(v.boolean(), false),
  agreePrivacy: v.optional(v.boolean(), false),
  agreeMarketing: flagSchema,
  /** SPEC §3: the sign-up started from an adult-only broadcast (the welcome is the adult-verification panel). */
  adultValue: flagSchema,
};

interface ConfirmShape {
  password: string;
  passwordConfirm?: string | undefined;
  agreeTerms: boolean;
  agreePrivacy: boolean;
}

/** Cross-field rules: the confirmation matches (when sent) and the required terms are agreed. */
function withConfirm<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.object({ ...entries, passwordConfirm: v.optional(v.string(T.passwordMismatch)) }),
    v.check((input) => {
      const i = input as unknown as ConfirmShape;
      return i.passwordConfirm === undefined || i.passwordConfirm.replace(/\s+/gu, '') === i.password;
    }, T.passwordMismatch),
    v.check((input) => {
      const i = input as unknown as ConfirmShape;
      return i.agreeTerms === true && i.agreePrivacy === true;
    }, T.termsRequired),
  );
}

export const signupSchema = withConfirm({ ...common, password: passwordSchema });
export type SignupInput = v.InferOutput<typeof signupSchema>;

export const foreignerSignupSchema = withConfirm({
  ...common,
  password: foreignerPasswordSchema,
  name: nameSchema,
  birthday: birthdaySchema,
  gender: genderSchema,
  countryCode: countryCodeSchema,
  phone: phoneSchema,
  phoneVerificationToken: v.pipe(
    v.string(T.phoneVerificationRequired),
    v.minLength(16, T.phoneVerificationRequired),
    v.maxLength(128, T.phoneVerificationRequired),
  ),
});
export type ForeignerSignupInput = v.InferOutput<typeof foreignerSignupSchema>;

/** Fields only the foreigner form has: a sign-up body carrying any of them is the foreigner form. */
export const FOREIGNER_SIGNUP_FIELDS = ['name', 'birthday', 'gender', 'phoneVerificationToken'] as const;

export function isForeignerSignup(input: unknown): boolean {
  if (!input || typeof input !== 'object') return false;
  const body = input as Record<string, unknown>;
  return FOREIGNER_SIGNUP_FIELDS.some((k) => body[k] !== undefined && body[k] !== '');
}

/** `POST /api/auth/signup` in one schema: the foreigner form's rules when isForeignerSignup, else the domestic ones. */
export const signupRequestSchema = v.lazy((input: unknown) =>
  isForeignerSignup(input) ? foreignerSignupSchema : signupSchema,
);
/** What the document shows for signupRequestSchema (a lazy schema cannot describe itself). */
export const signupRequestShape = v.union([signupSchema, foreignerSignupSchema]);

/** Social sign-up (SPEC §3): the provider ticket plus nickname; twitch also sends device and loginId. */
export const socialSignupSchema = v.object({
  accessToken: v.pipe(v.string(T.captchaIncomplete), v.minLength(16), v.maxLength(256)),
  nickname: nicknameSchema,
  recommendId: recommendIdSchema,
  pcode: shortCodeSchema,
  countryCodes: v.optional(v.union([countryCodeSchema, v.null()])),
  device: deviceSchema,
  loginId: v.optional(v.union([loginIdSchema, v.literal(''), v.null()])),
  agreeMarketing: flagSchema,
});
export type SocialSignupInput = v.InferOutput<typeof socialSignupSchema>;
