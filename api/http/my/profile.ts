import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { memberSettings } from '../../db/schema/index.ts';
import { profileUpdateSchema } from '../../../domain/schemas/profile.ts';
import { badInput, parseBody } from '../account/auth-input.ts';
import { requireMember } from '../session.ts';

/**
 * `GET /api/my/profile` and `PUT /api/my/profile` (docs/ARCHITECTURE.md "who am I"). PUT changes
 * the settings only: role, PI, balance or any other key in the body is dropped by the schema.
 */
export const profile = new Hono<ApiEnv>();

const DEFAULT_SETTINGS = { isView: true, isVibes: true, isSponser: true, memberSortCode: 0, isBigFan: false };

async function settingsOf(db: Db, memberId: number) {
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

profile.use('*', requireMember());

profile.get('/', async (c) => {
  const m = c.get('member')!;
  c.header('Cache-Control', 'no-store');
  return c.json({
    memberId: m.id,
    loginId: m.loginId,
    nickname: m.nickname,
    memberType: m.memberType,
    PI: m.identityVerified,
    settings: await settingsOf(c.get('deps').database.db, m.id),
  });
});

profile.put('/', async (c) => {
  const parsed = await parseBody(c, profileUpdateSchema);
  if (!parsed.ok) return badInput(c, parsed);
  const m = c.get('member')!;
  const db = c.get('deps').database.db;
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  await db
    .insert(memberSettings)
    .values({ memberId: m.id, ...DEFAULT_SETTINGS, ...changes })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...changes, updatedAt: sql`now()` } });
  return c.json({
    memberId: m.id,
    loginId: m.loginId,
    nickname: m.nickname,
    memberType: m.memberType,
    PI: m.identityVerified,
    settings: await settingsOf(db, m.id),
  });
});
