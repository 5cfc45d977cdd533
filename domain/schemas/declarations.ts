/** Reports (declarations) of a member: the report form (multipart, every value text). */
import * as v from 'valibot';
import { DECLARATION_CATEGORIES } from '../categories.ts';
import { DECLARATION_CONTENT_LENGTH_MAX } from '../limits.ts';
import { targetLoginIdSchema, trimmedText } from './free-text.ts';

/** The text fields of `POST /api/cs/declaration-post` (evidence files travel beside them). */
export const declarationForm = v.object({
  category: v.picklist(DECLARATION_CATEGORIES),
  targetLoginId: targetLoginIdSchema,
  content: trimmedText(DECLARATION_CONTENT_LENGTH_MAX),
});
