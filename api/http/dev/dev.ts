import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { badInput, parseBody } from '../account/auth-input.ts';
import { authSettings } from '../../db/schema/index.ts';
import { outboxOf } from '../../providers/sms/index.ts';
import { devIdentity } from './dev-identity.ts';
import { devOAuth } from './dev-oauth.ts';
import { SERVICE_MODES, writeServiceMode } from '../service/service-mode.ts';

/**
 * Development switches under `/api/dev`: they exist only when PLATFORM_ENV is development or test,
 * and answer 404 (as if absent) in production.
 */
export const dev = new Hono<ApiEnv>();

dev.use('*', async function devOnly(c, next) {
  if (c.get('deps').config.platformEnv === 'production') return c.json(apiErrorBody('not_found'), 404);
  await next();
});

export const serviceModeBody = v.object({ mode: v.picklist(SERVICE_MODES, 'mode must be normal, maintenance or emergency.') });

dev.post('/service-mode', async (c) => {
  const parsed = await parseBody(c, serviceModeBody);
  if (!parsed.ok) return badInput(c, parsed);
  await writeServiceMode(c.get('deps').database.db, parsed.data.mode);
  return c.json({ ok: true, mode: parsed.data.mode });
});

export const platformSwitchesBody = v.object({
  broadcast: v.optional(v.boolean()),
  isSnsLoginKakao: v.optional(v.boolean()),
  isSnsLoginNaver: v.optional(v.boolean()),
  isSnsLoginGoogle: v.optional(v.boolean()),
  isSnsLoginTwitch: v.optional(v.boolean()),
});

/** Flips the platform switches of the channel settings (which social logins show, broadcast). */
dev.post('/channel-settings', async (c) => {
  const parsed = await parseBody(c, platformSwitchesBody);
  if (!parsed.ok) return badInput(c, parsed);
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  const db = c.get('deps').database.db;
  await db
    .insert(authSettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: authSettings.id, set: Object.keys(changes).length ? changes : { id: 1 } });
  return c.json({ ok: true });
});

/** The development SMS outbox, newest first, each with the code it carried (for tests and demos). */
dev.get('/sms-outbox', (c) => {
  const outbox = outboxOf(c.get('deps'));
  if (!outbox) return c.json(apiErrorBody('not_found'), 404);
  const phone = (c.req.query('phone') ?? '').replace(/\s+/g, '').slice(0, 32);
  const messages = outbox.list(phone || undefined).map((m) => ({ ...m, code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null }));
  return c.json({ messages });
});

dev.route('/', devOAuth);
dev.route('/', devIdentity);
