/**
 * Single-use verification tokens: proof that a phone number was verified for a purpose (sign-up,
 * find ID/password), or that a password reset was authorised. Stored hashed; bound to the phone
 * (and, for resets, the member); consumed atomically so one token serves exactly one request.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verificationTokens } from '../db/schema/index.ts';
import { hashToken, newOpaqueToken } from '../auth/secrets.ts';

export const VERIFICATION_TOKEN_TTL_MS = 10 * 60_000;

export type TokenPurpose = 'signup' | 'find' | 'password-reset';

export async function issueVerificationToken(
  db: Db,
  phone: string,
  purpose: TokenPurpose,
  memberId: number | null = null,
  now = new Date(),
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(verificationTokens).values({
    tokenHash: hashToken(token),
    phone,
    purpose,
    memberId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Consumes a token if it is live and matches phone and purpose (and member, when given); answers
 * whether it did. Pass the transaction so a failed sign-up leaves the token unused.
 */
export async function consumeVerificationToken(
  db: Db,
  token: string,
  expect: { phone?: string; purpose: TokenPurpose; memberId?: number },
  now = new Date(),
): Promise<{ phone: string; memberId: number | null } | null> {
  if (!token || token.length > 256) return null;
  const conditions = [
    eq(verificationTokens.tokenHash, hashToken(token)),
    eq(verificationTokens.purpose, expect.purpose),
    isNull(verificationTokens.consumedAt),
    gt(verificationTokens.expiresAt, now),
  ];
  if (expect.phone !== undefined) conditions.push(eq(verificationTokens.phone, expect.phone));
  if (expect.memberId !== undefined) conditions.push(eq(verificationTokens.memberId, expect.memberId));
  const [row] = await db
    .update(verificationTokens)
    .set({ consumedAt: now })
    .where(and(...conditions))
    .returning({ phone: verificationTokens.phone, memberId: verificationTokens.memberId });
  return row ?? null;
}

/**
 * The stored (E.164) form of a phone number: `+{countryCode}{national number}`, the domestic trunk
 * prefix 0 dropped (010-… in Korea is +82 10-…), except in Italy where the 0 is part of the number.
 */
export function fullPhone(countryCode: string, phone: string): string {
  const national = countryCode !== '39' ? phone.replace(/^0/, '') : phone;
  return `+${countryCode}${national}`;
}
