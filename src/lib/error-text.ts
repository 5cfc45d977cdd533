/**
 * The one place a failed API call becomes words for the user. The API answers `{ error, error_msg }`
 * with error_msg already in the page's language (the client sends `accept-language`), so that text
 * is shown as it is. The site has words of its own only where no text came: no answer at all
 * (network), or an answer without one. A code that needs a UI of its own is branched on by the
 * component through `failure.code`, never through the text.
 */
import type { Locale } from '../../domain/locales.ts';
import { m } from '../paraglide/messages.js';
import { INVALID_INPUT, type ApiFailure } from './api-client.ts';

export type { ApiFailure };

/**
 * `fallback`: the caller's words for a failure without a text (default: "check your input" for
 * input refused before it was sent, src/lib/form-input.ts; else "that did not work, try again").
 */
export function failureText(failure: ApiFailure, locale: Locale, fallback?: string): string {
  if (failure.message || fallback) return failure.message || fallback!;
  return failure.code === INVALID_INPUT.code
    ? m.my_error_validation({}, { locale })
    : m.shell_request_failed({}, { locale });
}
