/**
 * Social sign-up (SPEC §7): `accessToken` is the ticket from the OAuth callback. Creates the
 * member (a generated ID unless twitch sends one, no usable password) and links the identity.
 */
import type { LoginProvider } from '../../domain/enums.ts';
import type { SocialSignupInput } from '../../domain/schemas/signup.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newOpaqueToken } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { members, socialAccounts } from '../db/schema/index.ts';
import { uniqueViolation } from '../db/unique-violation.ts';
import { duplicateCode, recommenderExists } from './signup.ts';
import { consumeSocialTicket } from './social-accounts.ts';

/** A login ID satisfying §5: provider letter + 9 base-36 characters. */
function generatedLoginId(provider: string): string {
  const tail = BigInt(`0x${Buffer.from(newOpaqueToken(8), 'base64url').toString('hex')}`)
    .toString(36)
    .slice(0, 9)
    .padStart(9, '0');
  return `${provider[0]}${tail}`;
}

export type SocialMemberCreated =
  | { ok: true; memberId: number; loginId: string }
  | {
      ok: false;
      code:
        | 'recommender_not_found'
        | 'social_failed'
        | 'social_already_registered'
        | 'nickname_exists'
        | 'login_id_exists';
    };

/** Creates the member and its provider link in one transaction that spends the sign-up ticket. */
export async function createSocialMember(
  db: Db,
  provider: LoginProvider,
  input: SocialSignupInput,
): Promise<SocialMemberCreated> {
  if (input.recommendId && !(await recommenderExists(db, input.recommendId)))
    return { ok: false, code: 'recommender_not_found' };

  const loginId = provider === 'twitch' && input.loginId ? input.loginId : generatedLoginId(provider);
  // Social members sign in through the provider; a random password nobody knows keeps the column honest.
  const passwordHash = await hashPassword(newOpaqueToken(32));
  try {
    const created = await db.transaction(async (tx) => {
      const identity = await consumeSocialTicket(tx as unknown as Db, provider, input.accessToken);
      if (!identity) return null;
      const [row] = await tx
        .insert(members)
        .values({
          loginId,
          nickname: input.nickname,
          passwordHash,
          recommendId: input.recommendId || null,
          partnerCode: input.pcode || null,
          countryCode: input.countryCodes ?? null,
          device: input.device,
          marketingAgreed: input.agreeMarketing,
        })
        .returning({ id: members.id });
      await tx.insert(socialAccounts).values({ provider, subject: identity.subject, memberId: row!.id });
      return row!.id;
    });
    if (created === null) return { ok: false, code: 'social_failed' };
    return { ok: true, memberId: created, loginId };
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.startsWith('social_accounts')) return { ok: false, code: 'social_already_registered' };
    if (constraint) return { ok: false, code: duplicateCode(constraint) };
    throw err;
  }
}
