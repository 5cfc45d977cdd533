/**
 * Channel boards (posts, comments, settings): the rules the board forms and the API share. Ids
 * are added by the API with its one id rule (api/http/request.ts).
 */
import * as v from 'valibot';
import { BOARD_CATEGORIES } from '../categories.ts';
import { BOARD_COMMENT_LENGTH_MAX, BOARD_CONTENT_LENGTH_MAX, BOARD_TITLE_LENGTH_MAX } from '../limits.ts';
import { trimmedText } from './free-text.ts';

export const BOARD_WRITE_PERMISSIONS = ['all', 'owner'] as const;

/** The text fields of a post, written or edited (multipart: every value is text). */
export const boardPostFields = {
  category: v.picklist(BOARD_CATEGORIES),
  title: trimmedText(BOARD_TITLE_LENGTH_MAX),
  content: trimmedText(BOARD_CONTENT_LENGTH_MAX),
};

export const boardCommentContent = trimmedText(BOARD_COMMENT_LENGTH_MAX);

/** `PUT /api/cs/board-setting/{channelId}`. */
export const boardSettingBody = v.object({
  writePermission: v.picklist(BOARD_WRITE_PERMISSIONS),
  commentsEnabled: v.boolean(),
});

/** `PUT /api/cs/board-important/{channelId}/{boardId}`: an explicit flag sets it, none toggles it. */
export const boardImportantBody = v.object({ important: v.optional(v.boolean()) });
