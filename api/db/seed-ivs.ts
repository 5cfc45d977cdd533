/**
 * Demo of the `ivs` stream format (issue 7, player): bj0002's channel is live on the same local
 * looping HLS stream as bj0001's, marked `ivs`, so the site plays it through the Amazon IVS web
 * player. Idempotent like seed.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { channels, members, streams } from './schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from './seed-streams.ts';

export const IVS_DEMO_LOGIN_ID = 'bj0002';

export async function seedIvsDemo(db: Db): Promise<void> {
  const [owner] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, IVS_DEMO_LOGIN_ID));
  if (!owner) return;
  await db.insert(channels).values({ ownerId: owner.id, title: 'IVS 플레이어 데모 방송', broadcasting: true }).onConflictDoNothing();
  const [ch] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, owner.id));
  if (!ch) return;
  const [live] = await db.select({ id: streams.id }).from(streams).where(and(eq(streams.channelId, ch.id), eq(streams.type, 1)));
  if (live) return;
  await db.insert(streams).values({ channelId: ch.id, type: 1, format: 'ivs', url: DEMO_STREAM_URL, title: 'IVS 플레이어 데모 — 테스트 패턴', thumbnail: DEMO_THUMBNAIL, viewCount: 40 });
}
