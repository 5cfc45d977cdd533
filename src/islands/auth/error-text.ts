import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { ApiFailure } from '../../stores/auth.ts';
import { localizeText } from './validate.ts';

type Msg = (inputs: Record<string, never>, options: { locale: Locale }) => string;

/** Coded API errors (domain/errors.ts) the auth pages explain in the user's language. */
const BY_CODE: Record<string, Msg> = {
  account_not_found: m.auth_error_account_not_found,
  phone_verification_required: m.auth_error_phone_verification,
  invalid_auth_token: m.auth_error_verification_expired,
  too_many_attempts: m.auth_error_too_many,
  try_again_later: m.auth_error_try_later,
  captcha_failed: m.auth_error_captcha,
  code_invalid: m.auth_error_code_invalid,
  code_expired: m.auth_error_code_expired,
  code_locked: m.auth_error_code_locked,
  provider_disabled: m.auth_error_provider_disabled,
  social_failed: m.auth_error_unknown,
};

/** The text for a failed call: a known code in this locale, else the server's (§5-mapped) message, else unknown. */
export function failureText(f: ApiFailure, locale: Locale): string {
  const byCode = BY_CODE[f.code];
  if (byCode) return byCode({}, { locale });
  if (f.message) return localizeText(f.message, locale);
  return m.auth_error_unknown({}, { locale });
}
