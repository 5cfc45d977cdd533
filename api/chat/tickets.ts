/**
 * Chat connect tickets: the browser cannot read its HttpOnly access token, so it trades its
 * session for a random single-use ticket (ASVS 4.4.x: the socket identity comes from the HTTPS
 * session, never from a client-claimed id). Only the SHA-256 of a ticket is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { CHAT_TICKET_TTL_S } from '../../domain/chat-events.ts';
import { isSessionRevokedInDb } from '../auth/refresh-sessions.ts';
import type { Db } from '../db/client.ts';
import { chatTickets, members } from '../db/schema/index.ts';

export interface ChatMember {
  id: number;
  loginId: string;
  nickname: string;
  identityVerified: boolean;
  /** The HTTPS session behind the connection (null for tickets minted without one, in tests). */
  sessionId: string | null;
}

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function digest(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

export async function issueTicket(
  db: Db,
  memberId: number,
  sessionId: string | null = null,
  now = new Date(),
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.insert(chatTickets).values({
    hash: digest(ticket),
    memberId,
    sessionId,
    expiresAt: new Date(now.getTime() + CHAT_TICKET_TTL_S * 1000),
  });
  // Housekeeping: spent and expired tickets are worthless; keep the table small.
  await db.delete(chatTickets).where(lt(chatTickets.expiresAt, new Date(now.getTime() - CHAT_TICKET_TTL_S * 1000)));
  return ticket;
}

/** Spends a ticket atomically; null when unknown, used, expired or its member is blocked. */
export async function consumeTicket(db: Db, ticket: unknown, now = new Date()): Promise<ChatMember | null> {
  if (typeof ticket !== 'string' || !TICKET_PATTERN.test(ticket)) return null;
  const [spent] = await db
    .update(chatTickets)
    .set({ usedAt: now })
    .where(and(eq(chatTickets.hash, digest(ticket)), isNull(chatTickets.usedAt), gt(chatTickets.expiresAt, now)))
    .returning({ memberId: chatTickets.memberId, sessionId: chatTickets.sessionId });
  if (!spent) return null;
  return loadChatMember(db, spent.memberId, spent.sessionId);
}

/** The member as chat sees them now (a block, a PI change or a revoked session counts at once). */
export async function loadChatMember(db: Db, memberId: number, sessionId: string | null): Promise<ChatMember | null> {
  const [row] = await db
    .select({
      id: members.id,
      loginId: members.loginId,
      nickname: members.nickname,
      identityVerified: members.identityVerified,
      blocked: members.blocked,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row || row.blocked) return null;
  if (sessionId && (await isSessionRevokedInDb(db, sessionId))) return null;
  return {
    id: row.id,
    loginId: row.loginId,
    nickname: row.nickname,
    identityVerified: row.identityVerified,
    sessionId,
  };
}
