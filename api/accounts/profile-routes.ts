import { Hono } from 'hono';
import { profile as profileAnswer, type Profile } from '../../domain/answers/accounts.ts';
import { profileEditSchema } from '../../domain/schemas/profile.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { profileOf, rename } from './profile.ts';
import { saveSettings } from './settings.ts';

const PROFILE_ANSWER = {
  description:
    '{ memberId, loginId, nickname, memberType, PI, settings: { isView, isVibes, isSponser, memberSortCode, ' +
    'isBigFan }, profile: { id, nickname, channelId (null without a channel), PI } }',
  schema: profileAnswer,
};

/**
 * `GET /api/my/profile` and `PUT /api/my/profile` (docs/ARCHITECTURE.md "who am I"). PUT changes
 * the settings and the nickname only: role, PI, balance or any other key in the body is dropped
 * by the schema.
 */
export const profile = new Hono<ApiEnv>()
  .get(
    '/',
    doc({ tag: 'profile', summary: 'The signed-in member and their settings', responses: { 200: PROFILE_ANSWER } }),
    requireMember(),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await profileOf(c.get('deps').database.db, me(c))) satisfies Profile);
    },
  )
  .put(
    '/',
    doc({
      tag: 'profile',
      summary:
        'Changes the nickname (the sign-up rule) and the settings, flat or under settings; every other key ' +
        '(memberType, PI, balance …) is dropped',
      responses: { 200: PROFILE_ANSWER },
      errors: ['nickname_exists'],
    }),
    requireMember(),
    body(profileEditSchema),
    async (c) => {
      const m = me(c);
      const db = c.get('deps').database.db;
      const { nickname, ...settings } = c.req.valid('json');
      if (nickname !== undefined && nickname !== m.nickname && !(await rename(db, m.id, nickname)))
        return fail(c, 'nickname_exists');
      await saveSettings(db, m.id, settings);
      return c.json((await profileOf(db, { ...m, nickname: nickname ?? m.nickname })) satisfies Profile);
    },
  );
