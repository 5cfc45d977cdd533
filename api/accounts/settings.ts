/** The member's profile settings of SPEC §3 (isView, isVibes, isSponser, memberSortCode, isBigFan). */
import { eq, sql } from 'drizzle-orm';
import type { ProfileSettings } from '../../domain/answers/accounts.ts';
import type { Db } from '../db/client.ts';
import { memberSettings } from '../db/schema/index.ts';

const DEFAULT_SETTINGS: ProfileSettings = {
  isView: true,
  isVibes: true,
  isSponser: true,
  memberSortCode: 0,
  isBigFan: false,
};

/** The member's settings; the defaults until they save any. */
export async function settingsOf(db: Db, memberId: number): Promise<ProfileSettings> {
  const [row] = await db
    .select({
      isView: memberSettings.isView,
      isVibes: memberSettings.isVibes,
      isSponser: memberSettings.isSponser,
      memberSortCode: memberSettings.memberSortCode,
      isBigFan: memberSettings.isBigFan,
    })
    .from(memberSettings)
    .where(eq(memberSettings.memberId, memberId));
  return row ?? DEFAULT_SETTINGS;
}

/** Saves the settings given (undefined ones keep their value); nothing is written when none is given. */
export async function saveSettings(db: Db, memberId: number, given: Partial<ProfileSettings>): Promise<void> {
  const changes = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(memberSettings)
    .values({ memberId, ...DEFAULT_SETTINGS, ...changes })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...changes, updatedAt: sql`now()` } });
}
