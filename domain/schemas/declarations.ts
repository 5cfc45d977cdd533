/** Reports (declarations) of a member: the report form (multipart, every value text). */
import * as v from 'valibot';
import { DECLARATION_CONTENT_LENGTH_MAX } from '../limits.ts';
import { targetLoginIdSchema, trimmedText } from './fields.ts';

export const DECLARATION_CATEGORIES = ['abuse', 'spam', 'adult', 'fraud', 'copyright', 'etc'] as const;

/** The text fields of `POST /api/cs/declaration-post` (evidence files travel beside them). */
export const declarationForm = v.object({
  category: v.picklist(DECLARATION_CATEGORIES),
  targetLoginId: targetLoginIdSchema,
  content: trimmedText(DECLARATION_CONTENT_LENGTH_MAX),
});
