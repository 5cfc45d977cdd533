/**
 * Free text of the member's own forms (posts, messages, inquiries, notices), apart from the sign-up
 * field rules of fields.ts so that a page with such a form does not carry those.
 */
import * as v from 'valibot';
import { LOGIN_ID_LENGTH_MAX } from '../limits.ts';

/** Free text (a title, a post, a message): its ends trimmed (SPEC §5), then `min` to `max` characters. */
export function trimmedText(max: number, min = 1) {
  return v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max));
}

/** Another member named by login ID as typed (the lookup, not the rule, decides whether they exist). */
export const targetLoginIdSchema = trimmedText(LOGIN_ID_LENGTH_MAX);
