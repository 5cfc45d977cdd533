/**
 * `POST /api/my/setting`: the profile settings of SPEC §3 (isView, isVibes, isSponser,
 * memberSortCode, isBigFan), flat or under `settings`. Same schema and table as
 * `PUT /api/my/profile`; anything else in the body (role, PI, balance) is dropped.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { profileUpdateSchema } from '../../domain/schemas/profile.ts';
import type { ApiEnv } from '../app-env.ts';
import { memberSettings } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

const DEFAULT_SETTINGS = { isView: true, isVibes: true, isSponser: true, memberSortCode: 0, isBigFan: false };

export const mySettingRoutes = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'my',
    summary: "Saves the caller's profile settings (flat or under settings); other keys are dropped",
    responses: { 200: '{ settings: { isView, isVibes, isSponser, memberSortCode, isBigFan } }' },
  }),
  requireMember(),
  body(profileUpdateSchema),
  async (c) => {
    const { db } = c.get('deps').database;
    const changes = Object.fromEntries(Object.entries(c.req.valid('json')).filter(([, value]) => value !== undefined));
    await db
      .insert(memberSettings)
      .values({ memberId: me(c).id, ...DEFAULT_SETTINGS, ...changes })
      .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...changes, updatedAt: sql`now()` } });
    const [row] = await db
      .select()
      .from(memberSettings)
      .where(eq(memberSettings.memberId, me(c).id));
    const { isView, isVibes, isSponser, memberSortCode, isBigFan } = row!;
    return c.json({ settings: { isView, isVibes, isSponser, memberSortCode, isBigFan } });
  },
);
