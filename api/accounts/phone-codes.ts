/**
 * Phone verification codes: 6 digits from the CSPRNG, valid 3 minutes, single use, dead after 5
 * wrong tries, bound to the phone and the purpose. Stored as an HMAC, compared in constant time.
 * The 60 s resend lock is one database row claimed atomically, so concurrent sends give one SMS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { phoneCodes, phoneSendLocks } from '../db/schema/index.ts';
import { SMS_RESEND_LOCK_MS } from '../../domain/limits.ts';
import { newNumericCode } from '../auth/secrets.ts';

export const PHONE_CODE_TTL_MS = 3 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_SENDS_PER_PHONE_PER_DAY = 10;
export const PHONE_SENDS_PER_IP_PER_DAY = 50;
const DAY_MS = 24 * 3600_000;

export type PhonePurpose = 'signup' | 'find';

function codeHash(secret: string, phone: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
}

/** Claims the resend lock for 60 s; false when a send happened inside the lock. */
export async function claimSendLock(db: Db, phone: string, purpose: PhonePurpose, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + SMS_RESEND_LOCK_MS);
  const claimed = await db
    .insert(phoneSendLocks)
    .values({ phone, purpose, lockedUntil: until })
    .onConflictDoUpdate({
      target: [phoneSendLocks.phone, phoneSendLocks.purpose],
      set: { lockedUntil: until },
      setWhere: lt(phoneSendLocks.lockedUntil, now),
    })
    .returning({ phone: phoneSendLocks.phone });
  return claimed.length === 1;
}

/** Whether the daily caps (per phone, per IP × ipScale) still allow a send. */
export async function underDailyCaps(
  db: Db,
  phone: string,
  ip: string,
  ipScale = 1,
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - DAY_MS);
  const [byPhone] = await db
    .select({ n: count() })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.ip, ip), gt(phoneCodes.createdAt, since)));
  return (byPhone?.n ?? 0) < PHONE_SENDS_PER_PHONE_PER_DAY && (byIp?.n ?? 0) < PHONE_SENDS_PER_IP_PER_DAY * ipScale;
}

/** A fresh code for the phone; earlier open codes of the same purpose stop working. */
export async function issuePhoneCode(
  db: Db,
  secret: string,
  phone: string,
  purpose: PhonePurpose,
  ip: string,
  now = new Date(),
): Promise<string> {
  const code = newNumericCode();
  await db.transaction(async (tx) => {
    await tx
      .update(phoneCodes)
      .set({ consumedAt: now })
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), isNull(phoneCodes.consumedAt)));
    await tx.insert(phoneCodes).values({
      phone,
      purpose,
      codeHash: codeHash(secret, phone, purpose, code),
      ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    });
  });
  return code;
}

export type CodeCheck = 'ok' | 'code_invalid' | 'code_expired' | 'code_locked';

export async function checkPhoneCode(
  db: Db,
  secret: string,
  phone: string,
  purpose: PhonePurpose,
  code: string,
  now = new Date(),
): Promise<CodeCheck> {
  const [open] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), isNull(phoneCodes.consumedAt)))
    .orderBy(desc(phoneCodes.id))
    .limit(1);
  if (!open) return 'code_invalid';
  if (open.attempts >= PHONE_CODE_MAX_ATTEMPTS) return 'code_locked';
  if (open.expiresAt.getTime() <= now.getTime()) return 'code_expired';
  const given = Buffer.from(codeHash(secret, phone, purpose, code), 'hex');
  const stored = Buffer.from(open.codeHash, 'hex');
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    const used = await db
      .update(phoneCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(phoneCodes.id, open.id),
          isNull(phoneCodes.consumedAt),
          lt(phoneCodes.attempts, PHONE_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: phoneCodes.id });
    return used.length === 1 ? 'ok' : 'code_invalid';
  }
  const [after] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.id, open.id), lt(phoneCodes.attempts, PHONE_CODE_MAX_ATTEMPTS)))
    .returning({ attempts: phoneCodes.attempts });
  return !after || after.attempts >= PHONE_CODE_MAX_ATTEMPTS ? 'code_locked' : 'code_invalid';
}
