/** Service notices, developer notices and help guides of customer service. */
import * as v from 'valibot';
import { CS_NOTICE_CONTENT_LENGTH_MAX, CS_NOTICE_TITLE_LENGTH_MAX, GUIDE_SEARCH_LENGTH_MAX } from '../limits.ts';
import { trimmedText } from './free-text.ts';

export const CS_NOTICE_KINDS = ['notice', 'develop'] as const;

/** `POST /api/cs/notice-post` (operators). */
export const csNoticeBody = v.object({
  kind: v.picklist(CS_NOTICE_KINDS),
  title: trimmedText(CS_NOTICE_TITLE_LENGTH_MAX),
  content: trimmedText(CS_NOTICE_CONTENT_LENGTH_MAX),
});

/** The guide search box: empty means every guide. */
export const guideSearch = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(GUIDE_SEARCH_LENGTH_MAX, 'error_validation_failed_search_too_long'),
);
