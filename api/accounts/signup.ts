/** Creating a member from the sign-up form (SPEC §3, §5): domestic, or foreigner with a verified phone. */
import { and, eq } from 'drizzle-orm';
import type { ForeignerSignupInput, SignupInput } from '../../domain/schemas/signup.ts';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { uniqueViolation } from '../db/unique-violation.ts';
import { consumeVerificationToken, fullPhone } from './verification-tokens.ts';

export async function recommenderExists(db: Db, loginId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.loginId, loginId), eq(members.blocked, false)));
  return Boolean(row);
}

/** The §5 code of a unique-index race: which of ID and nickname was taken. */
export function duplicateCode(constraint: string): 'nickname_exists' | 'login_id_exists' {
  return constraint.includes('nickname') ? 'nickname_exists' : 'login_id_exists';
}

export type MemberCreated =
  | { ok: true; memberId: number }
  | { ok: false; code: 'phone_verification_required' | 'nickname_exists' | 'login_id_exists' };

/**
 * Inserts the member; a foreigner's phone verification token is spent in the same transaction.
 * Unique indexes decide races: of two concurrent sign-ups with one ID, exactly one wins.
 */
export async function createMember(
  db: Db,
  input: SignupInput | ForeignerSignupInput,
  passwordHash: string,
): Promise<MemberCreated> {
  const f = 'phoneVerificationToken' in input ? (input as ForeignerSignupInput) : null;
  const phone = f ? fullPhone(f.countryCode, f.phone) : null;
  try {
    const memberId = await db.transaction(async (tx) => {
      if (f && phone) {
        const used = await consumeVerificationToken(tx as unknown as Db, f.phoneVerificationToken, {
          phone,
          purpose: 'signup',
        });
        if (!used) return null;
      }
      const [row] = await tx
        .insert(members)
        .values({
          loginId: input.loginId,
          nickname: input.nickname,
          passwordHash,
          name: f?.name ?? null,
          birthday: f?.birthday ?? null,
          gender: f?.gender ?? null,
          phone,
          countryCode: f?.countryCode ?? null,
          recommendId: input.recommendId || null,
          partnerCode: input.pcode || null,
          aspCode: input.aspCode || null,
          aspUserkey: input.userkey || null,
          device: input.device,
          marketingAgreed: input.agreeMarketing,
        })
        .returning({ id: members.id });
      return row!.id;
    });
    if (memberId === null) return { ok: false, code: 'phone_verification_required' };
    return { ok: true, memberId };
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint) return { ok: false, code: duplicateCode(constraint) };
    throw err;
  }
}
