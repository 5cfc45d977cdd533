/** The one place a board refusal (a result code of api/boards/) becomes a catalogue answer. */
import type { Context } from 'hono';
import type { ApiErrorCode } from '../../domain/errors.ts';
import { fail } from '../http/errors.ts';

const REFUSALS = {
  post_not_found: ['not_found', 'error_not_found_post'],
  channel_not_found: ['not_found', 'error_not_found_channel'],
  comment_not_found: ['not_found', 'error_not_found_comment'],
  delete_forbidden: ['forbidden', 'error_forbidden_board_delete'],
  edit_forbidden: ['forbidden', 'error_forbidden_board_edit'],
  owner_only: ['forbidden', 'error_forbidden_board_owner_only'],
  comments_closed: ['forbidden', 'error_forbidden_comments_closed'],
  comment_delete_forbidden: ['forbidden', 'error_forbidden_comment_delete'],
  too_many_files: ['too_many_files', null],
} as const satisfies Record<string, readonly [ApiErrorCode, string | null]>;

export type BoardRefusal = keyof typeof REFUSALS;

/** Answers `code` with its catalogue status, in the board's own words. */
export function refuseBoard(c: Context, code: BoardRefusal): Response {
  const [error, messageKey] = REFUSALS[code];
  return messageKey ? fail(c, error, { messageKey }) : fail(c, error);
}
