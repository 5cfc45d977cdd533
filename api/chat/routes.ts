/** Chat tickets: /api/chat. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { chatTicket } from './ticket-routes.ts';

export const chatRoutes = new Hono<ApiEnv>().route('/api/chat/ticket', chatTicket);
