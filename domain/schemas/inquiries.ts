/** Customer-service inquiries: the inquiry form (multipart, every value text) and the operator's answer. */
import * as v from 'valibot';
import { INQUIRY_CATEGORIES } from '../categories.ts';
import { INQUIRY_ANSWER_LENGTH_MAX, INQUIRY_CONTENT_LENGTH_MAX, INQUIRY_TITLE_LENGTH_MAX } from '../limits.ts';
import { trimmedText } from './free-text.ts';

/** The text fields of `POST /api/cs/inquiry-post` (files travel beside them). */
export const inquiryForm = v.object({
  category: v.picklist(INQUIRY_CATEGORIES),
  title: trimmedText(INQUIRY_TITLE_LENGTH_MAX),
  content: trimmedText(INQUIRY_CONTENT_LENGTH_MAX),
});

/** `POST /api/cs/inquiry-answer/{id}` (operators). */
export const inquiryAnswerBody = v.object({ answer: trimmedText(INQUIRY_ANSWER_LENGTH_MAX) });
