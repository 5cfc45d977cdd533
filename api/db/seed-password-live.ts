/**
 * Demo of a password-protected live (issue 7, access rules): bj0003's channel is live on the local
 * looping HLS stream behind the password 1234, so a viewer meets the password form and live-Auth.
 * Idempotent like seed.ts.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../passwords.ts';
import type { Db } from './client.ts';
import { channels, members, streams } from './schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from './seed-streams.ts';

export const PASSWORD_LIVE_LOGIN_ID = 'bj0003';
export const PASSWORD_LIVE_PASSWORD = '1234';

export async function seedPasswordLive(db: Db): Promise<void> {
  const [owner] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, PASSWORD_LIVE_LOGIN_ID));
  if (!owner) return;
  await db.insert(channels).values({ ownerId: owner.id, title: '비밀번호 방송 데모', broadcasting: true }).onConflictDoNothing();
  const [ch] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, owner.id));
  if (!ch) return;
  const [live] = await db.select({ id: streams.id }).from(streams).where(and(eq(streams.channelId, ch.id), eq(streams.type, 1)));
  if (live) return;
  await db.insert(streams).values({
    channelId: ch.id,
    type: 1,
    format: 'hls',
    url: DEMO_STREAM_URL,
    title: '비밀번호 방송 데모 — 비밀번호 1234',
    thumbnail: DEMO_THUMBNAIL,
    passwordHash: await hashPassword(PASSWORD_LIVE_PASSWORD),
    viewCount: 12,
  });
}
