/** Who the signed-in member is (`/api/my/profile`), and renaming them. */
import { eq } from 'drizzle-orm';
import type { Profile } from '../../domain/answers/accounts.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { uniqueViolation } from '../db/unique-violation.ts';
import { ownChannelId } from '../channels/channel-tools-state.ts';
import { settingsOf } from './settings.ts';

/**
 * The site reads the top-level fields; a caster app (Streamlabs Desktop) reads `profile` and
 * refuses to go live without `profile.PI`.
 */
export async function profileOf(db: Db, m: SessionMember): Promise<Profile> {
  const channelId = await ownChannelId(db, m.id);
  return {
    memberId: m.id,
    loginId: m.loginId,
    nickname: m.nickname,
    memberType: m.memberType,
    PI: m.identityVerified,
    settings: await settingsOf(db, m.id),
    profile: { id: m.id, nickname: m.nickname, channelId, PI: m.identityVerified },
  };
}

/** Renames the member; false when another member holds the nickname (a unique index decides races). */
export async function rename(db: Db, memberId: number, nickname: string): Promise<boolean> {
  try {
    await db.update(members).set({ nickname }).where(eq(members.id, memberId));
    return true;
  } catch (err) {
    if (uniqueViolation(err)) return false;
    throw err;
  }
}
