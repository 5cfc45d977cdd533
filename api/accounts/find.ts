/**
 * Find ID and password (SPEC §2 /member/find/findId, §7), verified by phone (purpose `find` of the
 * phone verification). The reset itself is ./find-reset.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { consumeVerificationToken, fullPhone, issueVerificationToken } from './verification-tokens.ts';

/** Only the last four digits: enough for the owner to recognise, useless to anyone else. */
export function maskPhone(phone: string): string {
  return `***-****-${phone.slice(-4)}`;
}

/** The phone of a login ID, or null when the account has none (or does not exist). */
export async function phoneOfLoginId(db: Db, loginId: string): Promise<string | null> {
  const [row] = await db.select({ phone: members.phone }).from(members).where(eq(members.loginId, loginId));
  return row?.phone ?? null;
}

type PhoneProof = { countryCode: string; phone: string; phoneVerificationToken: string };

export type LoginIdsFound =
  | { ok: true; loginIds: { loginId: string; createdAt: string }[] }
  | { ok: false; code: 'phone_verification_required' | 'account_not_found' };

/** Spends the `find` verification of the phone and names its login IDs, oldest first, with their sign-up day. */
export async function loginIdsOfVerifiedPhone(db: Db, proof: PhoneProof): Promise<LoginIdsFound> {
  const phone = fullPhone(proof.countryCode, proof.phone);
  if (!(await consumeVerificationToken(db, proof.phoneVerificationToken, { phone, purpose: 'find' })))
    return { ok: false, code: 'phone_verification_required' };
  const rows = await db
    .select({ loginId: members.loginId, createdAt: members.createdAt })
    .from(members)
    .where(eq(members.phone, phone))
    .orderBy(asc(members.id));
  if (rows.length === 0) return { ok: false, code: 'account_not_found' };
  return {
    ok: true,
    loginIds: rows.map((r) => ({ loginId: r.loginId, createdAt: r.createdAt.toISOString().slice(0, 10) })),
  };
}

export type ResetTokenIssued =
  | { ok: true; authToken: string }
  | { ok: false; code: 'account_not_found' | 'phone_verification_required' };

/** The 10-minute single-use reset token for an account whose own phone was just verified. */
export async function passwordResetToken(db: Db, loginId: string, proof: PhoneProof): Promise<ResetTokenIssued> {
  const phone = fullPhone(proof.countryCode, proof.phone);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.loginId, loginId), eq(members.phone, phone)));
  if (!member) return { ok: false, code: 'account_not_found' };
  if (!(await consumeVerificationToken(db, proof.phoneVerificationToken, { phone, purpose: 'find' })))
    return { ok: false, code: 'phone_verification_required' };
  return { ok: true, authToken: await issueVerificationToken(db, phone, 'password-reset', member.id) };
}
