/** `POST /api/chat/ticket` → `{ ticket }`: a single-use, short-lived ticket for the chat socket's auth. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { issueTicket } from './tickets.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';

export const chatTicket = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'chat',
    summary: "A single-use, short-lived ticket for the chat socket's handshake: { ticket }",
    description: 'Takes no body. The socket sends the ticket in its auth; the ticket names the caller and the session.',
  }),
  requireMember(),
  async (c) => {
    const member = me(c);
    const ticket = await issueTicket(c.get('deps').database.db, member.id, member.sessionId);
    c.header('cache-control', 'no-store');
    return c.json({ ticket });
  },
);
