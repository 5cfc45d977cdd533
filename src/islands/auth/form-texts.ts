/**
 * The words of a form rule: FORM_TEXTS message keys (domain/schemas/texts.ts, SPEC §5) in the
 * page's language. Apart from validate.ts, so a form that only shows texts (the phone check)
 * does not load valibot before it validates anything.
 */
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

/**
 * The text of a FORM_TEXTS key in `locale`; anything else (a server's text, already in the caller's language) as it is.
 */
export function localizeText(text: string, locale: Locale): string {
  const msg = BY_KEY[text];
  return msg ? msg({}, { locale }) : text;
}
