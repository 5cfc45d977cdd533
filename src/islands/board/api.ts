/** Calls of the channel board (SPEC §7 board-*). */
import { apiRequest } from '../../lib/api-client.ts';

export interface Author {
  loginId: string;
  nickname: string;
}
export interface BoardItem {
  boardId: number;
  channelId: number;
  category: string;
  title: string;
  important: boolean;
  likes: number;
  comments: number;
  author: Author;
  createdAt: string;
}
export interface BoardDetail extends Omit<BoardItem, 'comments'> {
  content: string;
  liked: boolean;
  attachments: { id: number; name: string; url: string }[];
  canEdit: boolean;
  canDelete: boolean;
  isOwner: boolean;
}
export interface Comment {
  commentId: number;
  content: string;
  author: Author;
  createdAt: string;
  canDelete: boolean;
}
export interface Page<T> {
  list: T[];
  total: number;
}
export interface BoardSetting {
  writePermission: 'all' | 'owner';
  canWrite: boolean;
  canComment: boolean;
  isOwner: boolean;
}

export const BOARD_PAGE_LIMIT = 20;
export const BOARD_CATEGORIES = ['free', 'fan', 'question', 'notice'] as const;

export const listBoard = (channelId: number, offset: number) =>
  apiRequest<Page<BoardItem>>('/api/cs/board-list', { query: { channelId, offset, limit: BOARD_PAGE_LIMIT }, silent: true });
export const boardSettingCheck = (channelId: number) => apiRequest<BoardSetting>('/api/cs/board-setting-check', { query: { channelId }, silent: true });
export const boardDetail = (boardId: number) => apiRequest<BoardDetail>('/api/cs/board-detail', { query: { boardId }, silent: true });
export const writeBoard = (form: FormData) => apiRequest<{ boardId: number }>('/api/cs/board-write', { method: 'POST', body: form, silent: true });
export const updateBoard = (form: FormData) => apiRequest<{ boardId: number }>('/api/cs/board-update', { method: 'PUT', body: form, silent: true });
export const deleteBoard = (boardId: number) => apiRequest(`/api/cs/board-delete/${boardId}`, { method: 'DELETE', silent: true });
export const toggleLike = (boardId: number) =>
  apiRequest<{ liked: boolean; likeCount: number }>('/api/cs/board-like', { method: 'POST', body: { boardId }, silent: true });
export const setImportant = (channelId: number, boardId: number, important: boolean) =>
  apiRequest<{ important: boolean }>(`/api/cs/board-important/${channelId}/${boardId}`, { method: 'PUT', body: { important }, silent: true });
export const listComments = (boardId: number) => apiRequest<Page<Comment>>('/api/cs/board-comment', { query: { boardId, limit: 100 }, silent: true });
export const addComment = (boardId: number, content: string) =>
  apiRequest('/api/cs/board-comment', { method: 'POST', body: { boardId, content }, silent: true });
export const deleteComment = (commentId: number) => apiRequest(`/api/cs/board-comment/${commentId}`, { method: 'DELETE', silent: true });
