/**
 * A channel's board (SPEC §7 board-*): `$board` is the list (`/boards?channelId=N`) with what the
 * viewer may do there, `$boardPost` the post opened (`&boardId=M`) with its comments.
 */
import { map, type ReadableAtom } from 'nanostores';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../domain/limits.ts';
import { BOARD_CATEGORIES, BOARD_OWNER_ONLY_CATEGORY, type BoardCategory } from '../../domain/categories.ts';
import { boardCommentContent } from '../../domain/schemas/boards.ts';
import type {
  BoardComment,
  BoardComments,
  BoardDetail,
  BoardImportant,
  BoardList,
  BoardSaved,
  BoardSetting,
} from '../../domain/answers/boards.ts';
import { apiResult, type ApiFailure, type ApiResult } from '../lib/api-client.ts';
import { checkInput } from '../lib/form-input.ts';

export type { Author, BoardDetail, BoardItem, BoardSetting } from '../../domain/answers/boards.ts';
export type { BoardComment as Comment } from '../../domain/answers/boards.ts';

/** The categories a writer may choose: the owner-only one for the channel's owner alone. */
export function boardCategoriesFor(isOwner: boolean): BoardCategory[] {
  return BOARD_CATEGORIES.filter((c) => c !== BOARD_OWNER_ONLY_CATEGORY || isOwner);
}

export interface BoardState {
  channelId: number | null;
  offset: number;
  page: BoardList | null;
  setting: BoardSetting | null;
  failure: ApiFailure | null;
}

const board = map<BoardState>({ channelId: null, offset: 0, page: null, setting: null, failure: null });
export const $board: ReadableAtom<BoardState> = board;

/** `?channelId=` and `?boardId=` of a board address: small positive integers, else null. */
export function boardAddress(search: string): { channelId: number | null; boardId: number | null } {
  const q = new URLSearchParams(search);
  const id = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);
  return { channelId: id(q.get('channelId')), boardId: id(q.get('boardId')) };
}

/** Reads the page of the list at `offset` and what the viewer may do on this board. */
export async function loadBoard(channelId: number, offset = board.get().offset): Promise<void> {
  board.set({ ...board.get(), channelId, offset });
  const list = await apiResult<BoardList>('/api/cs/board-list', {
    query: { channelId, offset, limit: PAGE_LIMIT_DEFAULT },
    silent: true,
  });
  if (!list.ok) return board.setKey('failure', list.failure);
  board.setKey('page', list.value);
  const setting = await apiResult<BoardSetting>('/api/cs/board-setting-check', { query: { channelId }, silent: true });
  if (setting.ok) board.setKey('setting', setting.value);
  else board.setKey('failure', setting.failure);
}

/** Writes a post (the multipart form: channelId, category, title, content, files). */
export async function writePost(form: FormData): Promise<ApiResult<BoardSaved>> {
  return apiResult<BoardSaved>('/api/cs/board-write', { method: 'POST', body: form, silent: true });
}

export interface BoardPostState {
  boardId: number | null;
  post: BoardDetail | null;
  comments: BoardComment[];
  /** What the owner's last important toggle did. */
  important: 'on' | 'off' | null;
  failure: ApiFailure | null;
}

const post = map<BoardPostState>({ boardId: null, post: null, comments: [], important: null, failure: null });
export const $boardPost: ReadableAtom<BoardPostState> = post;

async function readPost(boardId: number): Promise<ApiFailure | null> {
  const detail = await apiResult<BoardDetail>('/api/cs/board-detail', { query: { boardId }, silent: true });
  if (!detail.ok) return detail.failure;
  if (post.get().boardId !== boardId) return null;
  post.setKey('post', detail.value);
  const comments = await apiResult<BoardComments>('/api/cs/board-comment', {
    query: { boardId, limit: PAGE_LIMIT_MAX },
    silent: true,
  });
  if (!comments.ok) return comments.failure;
  if (post.get().boardId === boardId) post.setKey('comments', comments.value.list);
  return null;
}

/** Opens a post: its content, attachments and comments. */
export async function openPost(boardId: number): Promise<void> {
  if (post.get().boardId !== boardId) post.set({ boardId, post: null, comments: [], important: null, failure: null });
  const failure = await readPost(boardId);
  if (failure) post.setKey('failure', failure);
}

/** Runs an action on the open post, then reads it again; false (and the failure shown) if refused. */
async function onPost(call: (boardId: number, detail: BoardDetail) => Promise<ApiResult<unknown>>): Promise<boolean> {
  const { boardId, post: detail } = post.get();
  if (boardId === null || !detail) return false;
  post.setKey('failure', null);
  const r = await call(boardId, detail);
  if (!r.ok) {
    post.setKey('failure', r.failure);
    return false;
  }
  const failure = await readPost(boardId);
  if (failure) post.setKey('failure', failure);
  return true;
}

export function toggleBoardLike(): Promise<boolean> {
  return onPost((boardId) => apiResult('/api/cs/board-like', { method: 'POST', body: { boardId }, silent: true }));
}

/** The channel owner marks the post important, or not any more. */
export function toggleImportant(): Promise<boolean> {
  return onPost(async (boardId, detail) => {
    const r = await apiResult<BoardImportant>(`/api/cs/board-important/${detail.channelId}/${boardId}`, {
      method: 'PUT',
      body: { important: !detail.important },
      silent: true,
    });
    if (r.ok) post.setKey('important', r.value.important ? 'on' : 'off');
    return r;
  });
}

/** Whether the comment form may send `content` (the API's rule, boardCommentContent). */
export const commentReady = (content: string): boolean => v.is(boardCommentContent, content);

/** Comments on the open post (trimmed, as the API keeps it); false when refused, here or by the API. */
export function addComment(content: string): Promise<boolean> {
  const input = checkInput(boardCommentContent, content);
  if (!input.ok) {
    post.setKey('failure', input.failure);
    return Promise.resolve(false);
  }
  return onPost((boardId) =>
    apiResult('/api/cs/board-comment', { method: 'POST', body: { boardId, content: input.value }, silent: true }),
  );
}

export function deleteComment(commentId: number): Promise<boolean> {
  return onPost(() => apiResult(`/api/cs/board-comment/${commentId}`, { method: 'DELETE', silent: true }));
}

/** The author's edit (the multipart form: boardId, category, title, content, new files). */
export async function updatePost(form: FormData): Promise<ApiFailure | null> {
  const r = await apiResult('/api/cs/board-update', { method: 'PUT', body: form, silent: true });
  if (!r.ok) return r.failure;
  const boardId = post.get().boardId;
  if (boardId !== null) await openPost(boardId);
  return null;
}

/** Deletes the open post; true once gone. */
export async function deletePost(): Promise<boolean> {
  const boardId = post.get().boardId;
  if (boardId === null) return false;
  post.setKey('failure', null);
  const r = await apiResult(`/api/cs/board-delete/${boardId}`, { method: 'DELETE', silent: true });
  if (!r.ok) post.setKey('failure', r.failure);
  return r.ok;
}
