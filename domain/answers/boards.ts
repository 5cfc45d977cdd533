/**
 * Answers of a channel's board (`/api/cs/board-*`, `/api/guest/find-new-board`; api/boards/):
 * posts, comments, likes and the board's settings.
 */
import * as v from 'valibot';
import { instant, int, listPage } from './fields.ts';
import { attachment } from './cs.ts';

/** A page of a board list: `listPage()` with the count of all. */
function boardPage<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ ...listPage(item).entries, total: int });
}

/** Who wrote a post or a comment. */
export const author = v.object({ loginId: v.string(), nickname: v.string() });
export type Author = v.InferOutput<typeof author>;

/** A line of `GET /api/cs/board-list?channelId&category` (api/boards/boards.ts): important posts first. */
export const boardItem = v.object({
  boardId: int,
  channelId: int,
  category: v.string(),
  title: v.string(),
  important: v.boolean(),
  likes: int,
  comments: int,
  author,
  createdAt: instant,
});
export type BoardItem = v.InferOutput<typeof boardItem>;
export const boardList = boardPage(boardItem);
export type BoardList = v.InferOutput<typeof boardList>;

/** `GET /api/cs/board-detail?boardId` and `/board-detail/{id}`: a post and what the caller may do with it. */
export const boardDetail = v.object({
  boardId: int,
  channelId: int,
  category: v.string(),
  title: v.string(),
  content: v.string(),
  important: v.boolean(),
  likes: int,
  liked: v.boolean(),
  author,
  createdAt: instant,
  updatedAt: instant,
  attachments: v.array(attachment),
  canEdit: v.boolean(),
  canDelete: v.boolean(),
  isOwner: v.boolean(),
});
export type BoardDetail = v.InferOutput<typeof boardDetail>;

/** `POST /api/cs/board-write` (201) and `PUT /api/cs/board-update` (api/boards/boards-write.ts). */
export const boardSaved = v.object({ boardId: int });
export type BoardSaved = v.InferOutput<typeof boardSaved>;

/** `DELETE /api/cs/board-delete/{id}` and `/api/cs/board-comment/{commentId}`: the id deleted. */
export const boardDeleted = v.object({ deleted: int });
export type BoardDeleted = v.InferOutput<typeof boardDeleted>;

/** `PUT /api/cs/board-important/{channelId}/{boardId}` (the channel's owner). */
export const boardImportant = v.object({ boardId: int, channelId: int, important: v.boolean() });
export type BoardImportant = v.InferOutput<typeof boardImportant>;

/** A line of `GET /api/cs/board-comment?boardId` (api/boards/board-comments.ts), newest first. */
export const boardComment = v.object({
  commentId: int,
  boardId: int,
  content: v.string(),
  author,
  createdAt: instant,
  canDelete: v.boolean(),
});
export type BoardComment = v.InferOutput<typeof boardComment>;
export const boardComments = boardPage(boardComment);
export type BoardComments = v.InferOutput<typeof boardComments>;

/** `POST /api/cs/board-comment` (201). */
export const boardCommented = v.object({ commentId: int, boardId: int });
export type BoardCommented = v.InferOutput<typeof boardCommented>;

/** `GET /api/cs/board-likeCount/{id}`. */
export const boardLikeCount = v.object({ boardId: int, likeCount: int, liked: v.boolean() });
export type BoardLikeCount = v.InferOutput<typeof boardLikeCount>;

/** `POST /api/cs/board-like`: the caller's like after the toggle. */
export const boardLikeToggled = boardLikeCount;
export type BoardLikeToggled = BoardLikeCount;

/** A line of `GET /api/cs/board-like-User/{id}`, newest like first. */
export const boardLiker = v.object({ loginId: v.string(), nickname: v.string(), likedAt: instant });
export type BoardLiker = v.InferOutput<typeof boardLiker>;
export const boardLikers = boardPage(boardLiker);
export type BoardLikers = v.InferOutput<typeof boardLikers>;

/** Who may write on the board, and whether comments are open (api/boards/boards-access.ts `boardSetting()`). */
const setting = { writePermission: v.picklist(['all', 'owner']), commentsEnabled: v.boolean() };

/** `PUT /api/cs/board-setting/{channelId}` (the channel's owner): the settings as saved. */
export const boardSettingSaved = v.object({ channelId: int, ...setting });
export type BoardSettingSaved = v.InferOutput<typeof boardSettingSaved>;

/** `GET /api/cs/board-setting-check?channelId` (api/boards/boards-settings.ts): settings and what the caller may do. */
export const boardSetting = v.object({
  ...boardSettingSaved.entries,
  isOwner: v.boolean(),
  canWrite: v.boolean(),
  canComment: v.boolean(),
});
export type BoardSetting = v.InferOutput<typeof boardSetting>;

/** `GET /api/guest/find-new-board?channelId&lastBoardId` (api/boards/find-new-board.ts). */
export const boardNews = v.object({
  channelId: int,
  /** A post newer than `lastBoardId` exists. */
  hasNew: v.boolean(),
  latestBoardId: v.nullable(int),
  latestAt: v.nullable(instant),
});
export type BoardNewsAnswer = v.InferOutput<typeof boardNews>;
