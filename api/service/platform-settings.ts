/**
 * The platform switches (broadcast, adult and adult-plus broadcasts, each social login) and what
 * `GET /api/guest/channel-settings` tells a channel's owner about their own channel.
 */
import { eq } from 'drizzle-orm';
import type { ChannelSettings } from '../../domain/answers/service.ts';
import type { Db } from '../db/client.ts';
import { authSettings, channels, payoutAccounts } from '../db/schema/index.ts';

const DEFAULT_SWITCHES = {
  broadcast: true,
  adultBroadcast: true,
  adultPlusBroadcast: true,
  isSnsLoginKakao: true,
  isSnsLoginNaver: true,
  isSnsLoginGoogle: true,
  isSnsLoginTwitch: true,
};

export type PlatformSwitches = typeof DEFAULT_SWITCHES;

export async function readAuthSettings(db: Db) {
  const [row] = await db.select().from(authSettings).where(eq(authSettings.id, 1));
  if (!row) return DEFAULT_SWITCHES;
  const { id: _id, ...switches } = row;
  return switches;
}

/** Sets the switches named in `changes`; the others keep their value. */
export async function writeAuthSettings(db: Db, changes: Partial<PlatformSwitches>): Promise<void> {
  await db
    .insert(authSettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: authSettings.id, set: Object.keys(changes).length ? changes : { id: 1 } });
}

/** The switches, whether the member's channel is on the air, and for a channel's owner the payout account. */
export async function channelSettingsOf(db: Db, memberId: number | null): Promise<ChannelSettings> {
  const switches = await readAuthSettings(db);
  const [channel] = memberId === null ? [] : await db.select().from(channels).where(eq(channels.ownerId, memberId));
  const settings = {
    broadcast: switches.broadcast,
    broadcasting: channel?.broadcasting ?? false,
    adultBroadcast: switches.adultBroadcast,
    adultPlusBroadcast: switches.adultPlusBroadcast,
    isSnsLoginKakao: switches.isSnsLoginKakao,
    isSnsLoginNaver: switches.isSnsLoginNaver,
    isSnsLoginGoogle: switches.isSnsLoginGoogle,
    isSnsLoginTwitch: switches.isSnsLoginTwitch,
  };
  if (memberId === null || !channel) return settings;
  const [bank] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId));
  return {
    ...settings,
    bank_account: bank?.bankAccount ?? null,
    bank_code: bank?.bankCode ?? null,
    bank_holder_name: bank?.bankHolderName ?? null,
  };
}
