/**
 * Runs the shared valibot schemas of domain/schemas (the API checks the same ones) and turns
 * their message keys (domain/schemas/texts.ts, the words of SPEC §5) into this locale's texts,
 * keyed by the field they belong to.
 */
import * as v from 'valibot';
import { FORM_TEXTS as T } from '../../../domain/schemas/texts.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

type Msg = (inputs: Record<string, never>, options: { locale: Locale }) => string;

const BY_KEY: Record<string, Msg> = {
  [T.loginIdEmpty]: m.auth_error_login_id_check,
  [T.loginIdFormat]: m.auth_error_login_id_rule,
  [T.loginIdExists]: m.auth_error_login_id_exists,
  [T.passwordEmpty]: m.auth_error_password_empty,
  [T.passwordFormat]: m.auth_error_password_rule,
  [T.passwordMismatch]: m.auth_error_password_mismatch,
  [T.nicknameEmpty]: m.auth_error_nickname_empty,
  [T.nicknameFormat]: m.auth_error_nickname_rule,
  [T.nicknameExists]: m.auth_error_nickname_exists,
  [T.recommenderNotFound]: m.auth_error_recommender_notfound,
  [T.birthdayEmpty]: m.auth_error_birthday,
  [T.nameEmpty]: m.auth_error_name,
  [T.genderEmpty]: m.auth_error_gender,
  [T.phoneVerificationRequired]: m.auth_error_phone_verification,
  [T.termsRequired]: m.auth_error_terms_required,
  [T.phoneEmpty]: m.auth_error_phone_missing,
  [T.phoneFormat]: m.auth_error_phone_format,
  [T.codeFormat]: m.auth_error_code_format,
  [T.countryCodeFormat]: m.auth_error_country_code,
  [T.tryAgainLater]: m.auth_error_try_later,
  [T.captchaIncomplete]: m.auth_error_captcha,
  [T.deviceFormat]: m.auth_error_device,
};

/** The text of a FORM_TEXTS key in `locale`; anything else (a server's text, already in the caller's language) as it is. */
export function localizeText(text: string, locale: Locale): string {
  const msg = BY_KEY[text];
  return msg ? msg({}, { locale }) : text;
}

/** Which form field a §5 rule is about, for rules that check several fields at once. */
const FIELD_OF_TEXT: Record<string, string> = {
  [T.passwordMismatch]: 'passwordConfirm',
  [T.termsRequired]: 'agreement',
  [T.phoneVerificationRequired]: 'phoneVerificationToken',
};

export type FieldErrors = Partial<Record<string, string>>;

/** The first error of each field (in §5 words, localised); empty when the input is valid. */
export function fieldErrors(schema: v.GenericSchema, input: unknown, locale: Locale): FieldErrors {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.issues) {
    const key = FIELD_OF_TEXT[issue.message] ?? String(issue.path?.[0]?.key ?? 'form');
    if (key === 'agreeTerms' || key === 'agreePrivacy') out.agreement ??= localizeText(T.termsRequired, locale);
    else out[key] ??= localizeText(issue.message, locale);
  }
  return out;
}

/** The error of one field alone, for checks on blur. */
export function fieldError(schema: v.GenericSchema, value: unknown, locale: Locale): string | null {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? null : localizeText(result.issues[0]!.message, locale);
}

/**
 * The cross-field rules of the sign-up schemas (confirmation, required terms). valibot runs them
 * only once every field is valid; the form shows them together with the field errors.
 */
export function crossFieldErrors(
  input: { password: string; passwordConfirm: string; agreeTerms: boolean; agreePrivacy: boolean },
  locale: Locale,
): FieldErrors {
  const out: FieldErrors = {};
  if (input.passwordConfirm !== input.password) out.passwordConfirm = localizeText(T.passwordMismatch, locale);
  if (!input.agreeTerms || !input.agreePrivacy) out.agreement = localizeText(T.termsRequired, locale);
  return out;
}
