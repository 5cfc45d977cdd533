/** Calls of the customer-service pages (SPEC §7 Customer service). */
import { apiRequest } from '../../lib/api-client.ts';

export interface Attachment {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}
export interface Page<T> {
  list: T[];
  total: number;
  offset: number;
  limit: number;
}
export interface Notice {
  noticeId: number;
  title: string;
  content: string;
  createdAt: string;
}
export interface Guide {
  guideId: number;
  title: string;
  content: string;
  createdAt: string;
}
export interface Inquiry {
  inquiryId: number;
  category: string;
  title: string;
  content: string;
  status: 'waiting' | 'answered';
  answer: string | null;
  createdAt: string;
  attachments: Attachment[];
}
export interface Declaration {
  declarationId: number;
  category: string;
  targetLoginId: string;
  content: string;
  status: string;
  createdAt: string;
  attachments: Attachment[];
}

export const CS_PAGE_LIMIT = 10;
export const INQUIRY_CATEGORIES = ['account', 'luv', 'broadcast', 'error', 'etc'] as const;
export const DECLARATION_CATEGORIES = ['abuse', 'spam', 'adult', 'fraud', 'copyright', 'etc'] as const;

const page = (offset: number, extra: Record<string, string> = {}) => ({ offset, limit: CS_PAGE_LIMIT, ...extra });

export const listNotices = (kind: 'notice' | 'develop', offset: number) =>
  apiRequest<Page<Notice>>(kind === 'notice' ? '/api/cs/notice-list' : '/api/cs/develop-notice-list', { query: page(offset), silent: true });
export const listGuides = (offset: number, title: string) =>
  apiRequest<Page<Guide>>('/api/cs/guide-list', { query: page(offset, title ? { title } : {}), silent: true });
export const listInquiries = (offset: number) => apiRequest<Page<Inquiry>>('/v2/api/cs/inquiry-list', { query: page(offset), silent: true });
export const postInquiry = (form: FormData) => apiRequest<{ inquiryId: number }>('/api/cs/inquiry-post', { method: 'POST', body: form, silent: true });
export const deleteInquiry = (id: number) => apiRequest(`/api/cs/inquiry-delete/${id}`, { method: 'DELETE', silent: true });
export const listDeclarations = (offset: number) => apiRequest<Page<Declaration>>('/api/cs/declaration-list', { query: page(offset), silent: true });
export const postDeclaration = (form: FormData) =>
  apiRequest<{ declarationId: number }>('/api/cs/declaration-post', { method: 'POST', body: form, silent: true });
export const deleteDeclaration = (id: number) => apiRequest(`/api/cs/declaration-delete/${id}`, { method: 'DELETE', silent: true });
