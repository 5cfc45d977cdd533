/** `POST /api/chat/ticket` → `{ ticket }`: a single-use, short-lived ticket for the chat socket's auth. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { issueTicket } from '../chat/tickets.ts';
import { requireMember } from './session.ts';

export const chatTicket = new Hono<ApiEnv>();

chatTicket.post('/', requireMember(), async (c) => {
  const ticket = await issueTicket(c.get('deps').database.db, c.get('member')!.id);
  c.header('cache-control', 'no-store');
  return c.json({ ticket });
});
