/** Private messages and the block list (SPEC §3 message fields): what the message forms and the API share. */
import * as v from 'valibot';
import type { Division } from '../messages.ts';
import { MESSAGE_CONTENT_LENGTH_MAX, MESSAGE_REPORT_REASON_LENGTH_MAX } from '../limits.ts';
import { targetLoginIdSchema, trimmedText } from './free-text.ts';

export const MESSAGE_DIVISIONS = ['receive', 'send'] as const satisfies readonly Division[];

/** `POST /api/my/messages`. */
export const messageSendBody = v.object({
  loginId: targetLoginIdSchema,
  content: trimmedText(MESSAGE_CONTENT_LENGTH_MAX),
});

/** `POST /api/my/messages/alldelete`. */
export const messageDivisionBody = v.object({ division: v.picklist(MESSAGE_DIVISIONS) });

/** `POST /api/my/messages/declaration/{id}`: the reason may be left empty. */
export const messageReportBody = v.object({ reason: v.optional(trimmedText(MESSAGE_REPORT_REASON_LENGTH_MAX, 0), '') });

/** `POST /api/my/blacklist`. */
export const blockBody = v.object({ loginId: targetLoginIdSchema });
