/** Calls of the messages page (SPEC §7 Messages, blacklist). */
import type { Division, MessageWire } from '../../../domain/messages.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { Division };
export type Message = MessageWire;

export interface Page<T> {
  list: T[];
  total: number;
  offset: number;
  limit: number;
}

export const MESSAGE_PAGE_LIMIT = 20;

export const listMessages = (division: Division, offset: number) =>
  apiRequest<Page<Message> & { unread: number }>('/v2/api/my/messages', { query: { division, offset, limit: MESSAGE_PAGE_LIMIT }, silent: true });
export const sendMessage = (loginId: string, content: string) =>
  apiRequest<{ msgId: number }>('/v2/api/my/messages', { method: 'POST', body: { loginId, content }, silent: true });
export const readMessage = (msgId: number) => apiRequest<Message>(`/v2/api/my/messages-read/${msgId}`, { method: 'POST', silent: true });
export const deleteMessages = (msgIds: number[]) => apiRequest('/api/my/messages/delete', { method: 'POST', body: { msgIds }, silent: true });
export const deleteAllMessages = (division: Division) => apiRequest('/api/my/messages/alldelete', { method: 'POST', body: { division }, silent: true });
export const reportMessage = (msgId: number, reason: string) =>
  apiRequest(`/api/my/messages/declaration/${msgId}`, { method: 'POST', body: { reason }, silent: true });
export const isBlock = (loginId: string) =>
  apiRequest<{ isBlock: boolean; canSend: boolean }>('/api/my/messages/isblock', { query: { loginId }, silent: true });

export interface Blocked {
  loginId: string;
  nickname: string;
  createdAt: string;
}
export const listBlacklist = () => apiRequest<Page<Blocked>>('/api/my/blacklist', { silent: true });
export const addBlacklist = (loginId: string) => apiRequest('/api/my/blacklist', { method: 'POST', body: { loginId }, silent: true });
export const removeBlacklist = (loginId: string) => apiRequest(`/api/my/blacklist/${encodeURIComponent(loginId)}`, { method: 'DELETE', silent: true });
