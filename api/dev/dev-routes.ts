import { Hono } from 'hono';
import * as v from 'valibot';
import { ALL_ROOMS } from '../../domain/chat-events.ts';
import type { ApiEnv } from '../app-env.ts';
import { outboxOf } from '../providers/sms/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';
import { writeAuthSettings } from '../service/platform-settings.ts';
import { SERVICE_MODES, writeServiceMode } from '../service/service-mode.ts';
import { devIdentity } from './dev-identity-routes.ts';
import { devOnly } from './dev-only.ts';
import { devOAuth } from './dev-oauth-routes.ts';

export const serviceModeBody = v.object({ mode: v.picklist(SERVICE_MODES) });

export const platformSwitchesBody = v.object({
  broadcast: v.optional(v.boolean()),
  adultBroadcast: v.optional(v.boolean()),
  adultPlusBroadcast: v.optional(v.boolean()),
  isSnsLoginKakao: v.optional(v.boolean()),
  isSnsLoginNaver: v.optional(v.boolean()),
  isSnsLoginGoogle: v.optional(v.boolean()),
  isSnsLoginTwitch: v.optional(v.boolean()),
});

export const outboxQuery = v.object({ phone: v.optional(v.string(), '') });

/** Development switches under `/api/dev` (404 in production: dev-only.ts). */
export const dev = new Hono<ApiEnv>()
  .post(
    '/service-mode',
    doc({
      tag: 'development',
      summary: 'Sets the service mode (normal, maintenance, emergency)',
      responses: { 200: '{ ok: true, mode }' },
    }),
    devOnly(),
    body(serviceModeBody, { form: true }),
    async (c) => {
      const { mode } = c.req.valid('json');
      await writeServiceMode(c.get('deps').database.db, mode);
      return c.json({ ok: true, mode });
    },
  )
  .post(
    '/channel-settings',
    doc({
      tag: 'development',
      summary:
        'Flips the platform switches of the channel settings (broadcast, adult and adult-plus broadcasts, which ' +
        'social logins show)',
      description: 'Every chat connection gets a `settings` event, so open pages refetch the channel settings.',
      responses: { 200: '{ ok: true }' },
    }),
    devOnly(),
    body(platformSwitchesBody, { form: true }),
    async (c) => {
      const changes = Object.fromEntries(
        Object.entries(c.req.valid('json')).filter(([, value]) => value !== undefined),
      );
      await writeAuthSettings(c.get('deps').database.db, changes);
      c.get('deps').chat?.publish({ room: ALL_ROOMS, type: 'settings', data: {} });
      return c.json({ ok: true });
    },
  )
  .get(
    '/sms-outbox',
    doc({
      tag: 'development',
      summary: 'The development SMS outbox, newest first, each with the code it carried',
      responses: { 200: '{ messages: [{ to, text, code, sentAt }] }' },
      errors: ['not_found'],
    }),
    devOnly(),
    query(outboxQuery),
    (c) => {
      const outbox = outboxOf(c.get('deps').sms);
      if (!outbox) return fail(c, 'not_found');
      const phone = c.req.valid('query').phone.replace(/\s+/g, '').slice(0, 32);
      const messages = outbox
        .list(phone || undefined)
        .map((m) => ({ ...m, code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null }));
      return c.json({ messages });
    },
  )
  .route('/', devOAuth)
  .route('/', devIdentity);
