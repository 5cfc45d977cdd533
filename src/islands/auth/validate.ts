/**
 * Runs the shared valibot schemas of domain/schemas (the API checks the same ones) and turns
 * their message keys (domain/schemas/texts.ts, the words of SPEC §5) into this locale's texts,
 * keyed by the field they belong to.
 */
import * as v from 'valibot';
import { FORM_TEXTS as T } from '../../../domain/schemas/texts.ts';
import type { Locale } from '../../../domain/locales.ts';
import { localizeText } from './form-texts.ts';

export { localizeText };

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
