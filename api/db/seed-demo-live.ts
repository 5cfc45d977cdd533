/** A demo BJ's channel, live on the local looping HLS stream (idempotent, like seed.ts). */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { channels, members, streams } from './schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from './seed-streams.ts';

export interface DemoLive {
  loginId: string;
  channelTitle: string;
  title: string;
  format: 'hls' | 'ivs' | 'bp_flv';
  viewCount: number;
  /** Hashed only when the live is created, so a restart does not pay for argon2. */
  password?: string;
}

export async function seedDemoLive(db: Db, live: DemoLive): Promise<void> {
  const [owner] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, live.loginId));
  if (!owner) return;
  await db
    .insert(channels)
    .values({ ownerId: owner.id, title: live.channelTitle, broadcasting: true })
    .onConflictDoNothing();
  const [ch] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, owner.id));
  if (!ch) return;
  const [existing] = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.channelId, ch.id), eq(streams.type, 1)));
  if (existing) return;
  await db.insert(streams).values({
    channelId: ch.id,
    type: 1,
    format: live.format,
    url: DEMO_STREAM_URL,
    title: live.title,
    thumbnail: DEMO_THUMBNAIL,
    viewCount: live.viewCount,
    passwordHash: live.password ? await hashPassword(live.password) : null,
  });
}
