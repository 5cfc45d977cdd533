/** Chat tickets (/api/chat/ticket) and the rooms' chat rules (/api/channels/{id}/chat-rules). */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { chatRulesRoutes } from './rules-routes.ts';
import { chatTicket } from './ticket-routes.ts';

export const chatRoutes = new Hono<ApiEnv>()
  .route('/api/chat/ticket', chatTicket)
  .route('/api/channels', chatRulesRoutes);
