/** Downloading an attachment of an inquiry, a report or a board post: /api/cs/attachments/{id}. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { attachmentRoutes } from './attachments-routes.ts';

export const attachmentsRoutes = new Hono<ApiEnv>().route('/api/cs/attachments', attachmentRoutes);
