/** Chat tickets (/api/chat/ticket), the rooms' chat rules (/api/channels/{id}/chat-rules) and a recording's chat (/api/vods/{id}/chat). */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { chatRulesRoutes } from './rules-routes.ts';
import { chatTicket } from './ticket-routes.ts';
import { vodChatRoutes } from './vod-chat-routes.ts';

export const chatRoutes = new Hono<ApiEnv>()
  .route('/api/chat/ticket', chatTicket)
  .route('/api/channels', chatRulesRoutes)
  .route('/api/vods', vodChatRoutes);
