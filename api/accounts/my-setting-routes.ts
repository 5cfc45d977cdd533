/**
 * `POST /api/my/setting`: the profile settings of SPEC §3 (isView, isVibes, isSponser,
 * memberSortCode, isBigFan), flat or under `settings`. Same schema and table as
 * `PUT /api/my/profile`; anything else in the body (role, PI, balance) is dropped.
 */
import { Hono } from 'hono';
import { settingsSaved, type SettingsSaved } from '../../domain/answers/accounts.ts';
import { profileUpdateSchema } from '../../domain/schemas/profile.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { saveSettings, settingsOf } from './settings.ts';

export const mySettingRoutes = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'my',
    summary: "Saves the caller's profile settings (flat or under settings); other keys are dropped",
    responses: {
      200: {
        description: '{ settings: { isView, isVibes, isSponser, memberSortCode, isBigFan } }',
        schema: settingsSaved,
      },
    },
  }),
  requireMember(),
  body(profileUpdateSchema),
  async (c) => {
    const { db } = c.get('deps').database;
    await saveSettings(db, me(c).id, c.req.valid('json'));
    return c.json({ settings: await settingsOf(db, me(c).id) } satisfies SettingsSaved);
  },
);
