import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { ApiEnv, SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { members, memberSettings } from '../db/schema/index.ts';
import { profileEditSchema } from '../../domain/schemas/profile.ts';
import { uniqueViolation } from '../db/unique-violation.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { ownChannelId } from '../channels/channel-tools-state.ts';

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

/**
 * The site reads the top-level fields; a caster app (Streamlabs Desktop) reads `profile` and
 * refuses to go live without `profile.PI`.
 */
async function profileOf(db: Db, m: SessionMember) {
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

const PROFILE_ANSWER =
  '{ memberId, loginId, nickname, memberType, PI, settings: { isView, isVibes, isSponser, memberSortCode, isBigFan }, profile: { id, nickname, channelId (null without a channel), PI } }';

/** Renames the member; false when another member holds the nickname (a unique index decides races). */
async function rename(db: Db, memberId: number, nickname: string): Promise<boolean> {
  try {
    await db.update(members).set({ nickname }).where(eq(members.id, memberId));
    return true;
  } catch (err) {
    if (uniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * `GET /api/my/profile` and `PUT /api/my/profile` (docs/ARCHITECTURE.md "who am I"). PUT changes
 * the settings and the nickname only: role, PI, balance or any other key in the body is dropped
 * by the schema.
 */
export const profile = new Hono<ApiEnv>()
  .get('/', doc({ tag: 'profile', summary: 'The signed-in member and their settings', responses: { 200: PROFILE_ANSWER } }), requireMember(), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await profileOf(c.get('deps').database.db, me(c)));
  })
  .put(
    '/',
    doc({
      tag: 'profile',
      summary: 'Changes the nickname (the sign-up rule) and the settings, flat or under settings; every other key (memberType, PI, balance …) is dropped',
      responses: { 200: PROFILE_ANSWER },
      errors: ['nickname_exists'],
    }),
    requireMember(),
    body(profileEditSchema),
    async (c) => {
      const m = me(c);
      const db = c.get('deps').database.db;
      const { nickname, ...settings } = c.req.valid('json');
      const changes = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
      if (nickname !== undefined && nickname !== m.nickname && !(await rename(db, m.id, nickname))) return fail(c, 'nickname_exists');
      if (Object.keys(changes).length > 0)
        await db
          .insert(memberSettings)
          .values({ memberId: m.id, ...DEFAULT_SETTINGS, ...changes })
          .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...changes, updatedAt: sql`now()` } });
      return c.json(await profileOf(db, { ...m, nickname: nickname ?? m.nickname }));
    },
  );
