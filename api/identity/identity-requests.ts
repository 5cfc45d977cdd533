/**
 * Identity verification requests: started by a signed-in member, completed once by the provider.
 * Completion sets the member's PI flag and birth date, which the adult checks read.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityRequests, members } from '../db/schema/index.ts';
import { newOpaqueToken } from '../auth/secrets.ts';

export const IDENTITY_REQUEST_TTL_MS = 15 * 60_000;

export async function startIdentityRequest(db: Db, memberId: number, type: string, now = new Date()): Promise<string> {
  const id = newOpaqueToken(18);
  await db
    .insert(identityRequests)
    .values({ id, memberId, type, createdAt: now, expiresAt: new Date(now.getTime() + IDENTITY_REQUEST_TTL_MS) });
  return id;
}

export async function identityRequestOf(db: Db, id: string) {
  if (!/^[\w-]{1,64}$/.test(id)) return null;
  const [row] = await db.select().from(identityRequests).where(eq(identityRequests.id, id));
  return row ?? null;
}

/** Completes a pending, live request; false when there is none (expired, done, unknown). */
export async function completeIdentityRequest(
  db: Db,
  id: string,
  birthday: string,
  now = new Date(),
): Promise<{ type: string } | false> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(identityRequests)
      .set({ status: 'complete', completedAt: now })
      .where(
        and(eq(identityRequests.id, id), eq(identityRequests.status, 'pending'), gt(identityRequests.expiresAt, now)),
      )
      .returning({ memberId: identityRequests.memberId, type: identityRequests.type });
    if (!request?.memberId) return false;
    await tx.update(members).set({ identityVerified: true, birthday }).where(eq(members.id, request.memberId));
    return { type: request.type };
  });
}
