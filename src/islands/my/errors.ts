import type { Locale } from '../../../domain/locales.ts';
import { apiErrorOf } from '../../lib/api-client.ts';
import { m } from '../../paraglide/messages.js';

/** A failed call as a sentence for the user: known codes in the page's language, else the server's text. */
export function errorText(error: unknown, locale: Locale): string {
  const o = { locale };
  const failure = apiErrorOf(error);
  const body = (failure?.body ?? {}) as { error?: string; error_msg?: string };
  switch (body.error) {
    case 'file_too_large':
    case 'payload_too_large':
      return m.my_error_file_too_large({}, o);
    case 'file_type_not_allowed':
      return m.my_error_file_type({}, o);
    case 'image_too_large':
      return m.my_error_image_too_large({}, o);
    case 'too_many_files':
      return m.my_error_too_many_files({}, o);
    case 'message_blocked':
      return m.my_error_message_blocked({}, o);
    case 'target_not_found':
      return m.my_error_target_not_found({}, o);
    case 'validation_failed':
      return m.my_error_validation({}, o);
    case 'not_channel_owner':
    case 'forbidden':
      return m.my_error_forbidden({}, o);
    case 'already_reported':
      return m.my_error_already_reported({}, o);
    case 'already_requested':
      return m.my_error_already_requested({}, o);
    case 'identity_verification_required':
      return m.my_error_identity_required({}, o);
  }
  return body.error_msg ?? m.my_error_generic({}, o);
}

export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}
