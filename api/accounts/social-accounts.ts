/**
 * Social identities: OAuth state (single use, 10 min), sign-up tickets (the `accessToken` of the
 * SPEC §3 social payloads: a single-use 15-minute handle on a verified provider identity that
 * grants nothing but creating the linked account), and the provider → member links.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, oauthStates, socialAccounts, socialTickets } from '../db/schema/index.ts';
import type { LoginProvider } from '../../domain/enums.ts';
import { hashToken, newOpaqueToken } from '../auth/secrets.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const SOCIAL_TICKET_TTL_MS = 15 * 60_000;

export async function newOAuthState(
  db: Db,
  provider: LoginProvider,
  now = new Date(),
): Promise<{ state: string; codeVerifier: string }> {
  const state = newOpaqueToken(24);
  const codeVerifier = newOpaqueToken(32);
  await db
    .insert(oauthStates)
    .values({ state, provider, codeVerifier, createdAt: now, expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS) });
  return { state, codeVerifier };
}

/** Deletes and returns the state's verifier when it is live and belongs to `provider`. */
export async function consumeOAuthState(
  db: Db,
  provider: LoginProvider,
  state: string,
  now = new Date(),
): Promise<string | null> {
  if (!/^[\w-]{1,128}$/.test(state)) return null;
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider), gt(oauthStates.expiresAt, now)))
    .returning({ codeVerifier: oauthStates.codeVerifier });
  return row?.codeVerifier ?? null;
}

export async function linkedMember(db: Db, provider: LoginProvider, subject: string) {
  const [row] = await db
    .select({ id: members.id, loginId: members.loginId, nickname: members.nickname, blocked: members.blocked })
    .from(socialAccounts)
    .innerJoin(members, eq(members.id, socialAccounts.memberId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
  return row ?? null;
}

export async function newSocialTicket(
  db: Db,
  provider: LoginProvider,
  subject: string,
  email: string | null,
  now = new Date(),
): Promise<string> {
  const ticket = newOpaqueToken();
  await db.insert(socialTickets).values({
    ticketHash: hashToken(ticket),
    provider,
    subject,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_TICKET_TTL_MS),
  });
  return ticket;
}

/** Consumes a live ticket of `provider` (inside the sign-up transaction) and returns its identity. */
export async function consumeSocialTicket(
  db: Db,
  provider: LoginProvider,
  ticket: string,
  now = new Date(),
): Promise<{ subject: string; email: string | null } | null> {
  const [row] = await db
    .update(socialTickets)
    .set({ consumedAt: now })
    .where(
      and(
        eq(socialTickets.ticketHash, hashToken(ticket)),
        eq(socialTickets.provider, provider),
        isNull(socialTickets.consumedAt),
        gt(socialTickets.expiresAt, now),
      ),
    )
    .returning({ subject: socialTickets.subject, email: socialTickets.email });
  return row ?? null;
}
