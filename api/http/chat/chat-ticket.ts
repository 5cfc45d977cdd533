/** `POST /api/chat/ticket` → `{ ticket }`: a single-use, short-lived ticket for the chat socket's auth. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { issueTicket } from '../../chat/tickets.ts';
import { requireMember } from '../session.ts';

export const chatTicket = new Hono<ApiEnv>();

chatTicket.post('/', requireMember(), async (c) => {
  const member = c.get('member')!;
  const ticket = await issueTicket(c.get('deps').database.db, member.id, member.sessionId);
  c.header('cache-control', 'no-store');
  return c.json({ ticket });
});
