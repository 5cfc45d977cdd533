/**
 * A caster app's settings (domain/schemas/caster.ts) as the broadcast's own (api/ingest/broadcast.ts),
 * and the channel's settings as the app reads them back (`GET /api/m/channel/config`).
 */
import { eq } from 'drizzle-orm';
import { castHeight, type CasterSettingsBody } from '../../domain/schemas/caster.ts';
import type { Db } from '../db/client.ts';
import { channels } from '../db/schema/index.ts';
import { BROADCAST_THEMES } from '../../domain/enums.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { BroadcastSettings } from './broadcast.ts';

/** A theme's `value` (its themeId), `key` (its code) or themeId; '' or null = none; undefined when unknown. */
export function themeIdOf(theme: string | number | null): number | null | undefined {
  if (theme === null || theme === '') return null;
  const found = BROADCAST_THEMES.find((t) => t.themeId === Number(theme) || t.code === theme);
  return found?.themeId;
}

export type CasterSettingsOutcome = { ok: true; settings: BroadcastSettings } | { ok: false; field: 'theme' };

/** What the app sent, as the broadcast's settings; a missing field keeps the channel's setting. */
export async function casterSettings(input: CasterSettingsBody): Promise<CasterSettingsOutcome> {
  const themeId = input.theme === undefined ? undefined : themeIdOf(input.theme);
  if (input.theme !== undefined && themeId === undefined) return { ok: false, field: 'theme' };
  const { password, resolution, isForAdult } = input;
  return {
    ok: true,
    settings: {
      title: input.title ?? undefined,
      themeId,
      passwordHash: password === undefined ? undefined : password ? await hashPassword(password) : null,
      adult: isForAdult === undefined || isForAdult === null ? undefined : Boolean(isForAdult),
      resolution:
        resolution === undefined ? undefined : resolution === null || resolution === '' ? null : castHeight(resolution),
      minRatingLevel: input.minRatingLevel ?? undefined,
    },
  };
}

/**
 * `{ channelId, themeId, title, resolution, isForAdult, password, minRatingLevel, maxViewerCount }`
 * as Streamlabs Desktop reads it. The password is never answered (only its hash is kept):
 * `password` is '' and `hasPassword` says whether the next live has one.
 */
export async function casterConfig(db: Db, channelId: number) {
  const [ch] = await db.select().from(channels).where(eq(channels.id, channelId));
  return {
    channelId,
    themeId: ch!.themeId,
    title: ch!.liveTitle ?? ch!.title,
    resolution: ch!.castResolution,
    isForAdult: ch!.adultBroadcast ? 1 : 0,
    password: '',
    hasPassword: ch!.livePasswordHash !== null,
    minRatingLevel: ch!.minRatingLevel,
    maxViewerCount: ch!.maxViewerCount,
  };
}
