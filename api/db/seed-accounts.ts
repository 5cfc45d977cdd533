/**
 * Demo data of the account area: each demo account gets a phone number (find ID / password in
 * the demo: the code arrives in the development SMS outbox) and the platform switches row.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client.ts';
import { authSettings, members } from './schema/index.ts';

/** `+82 10-0000-00NN`: numbers in no real plan's use (E.164 stored form). */
export const DEMO_PHONES: Record<string, string> = {
  viewer01: '+821000000001',
  viewer02: '+821000000002',
  adult01: '+821000000003',
  bj0001: '+821000000004',
  blocked01: '+821000000005',
};

export async function seedAccountExtras(db: Db): Promise<void> {
  await db.insert(authSettings).values({ id: 1 }).onConflictDoNothing();
  for (const [loginId, phone] of Object.entries(DEMO_PHONES)) {
    await db
      .update(members)
      .set({ phone, countryCode: '82' })
      .where(and(eq(members.loginId, loginId), isNull(members.phone)));
  }
}
