/**
 * Demo streams: bj0001's channel is live on the local looping HLS stream and has a
 * recording; adult01 runs an adult live (hidden from viewers without PI); a basic emoji set.
 * Idempotent like seed.ts.
 */
import { and, eq } from 'drizzle-orm';
import { DEMO_MASTER_PATH } from '../../domain/live-video.ts';
import type { Db } from './client.ts';
import { channels, emojis, members, streams } from './schema/index.ts';

export const DEMO_STREAM_URL = '/demo-stream/index.m3u8';
/**
 * The demo stream as recorders want a live: a master playlist over DEMO_STREAM_URL with an
 * absolute variant address (the worker writes it for the origin it answers on).
 */
export const DEMO_MASTER_URL = DEMO_MASTER_PATH;
/** The demo stream's picture height (426x240). */
export const DEMO_STREAM_HEIGHT = 240;
export const DEMO_THUMBNAIL = '/demo-stream/thumb.jpg';

const EMOJI: [code: string, title: string, glyph: string][] = [
  ['smile', '웃음', '😀'],
  ['laugh', '폭소', '🤣'],
  ['heart', '하트', '❤️'],
  ['clap', '박수', '👏'],
  ['fire', '불꽃', '🔥'],
  ['cry', '눈물', '😢'],
  ['wow', '놀람', '😮'],
  ['thumbs', '최고', '👍'],
  ['party', '축하', '🎉'],
  ['star', '별', '⭐'],
  ['gift', '선물', '🎁'],
  ['wave', '안녕', '👋'],
];

async function ownerChannel(db: Db, loginId: string, title: string, adult: boolean): Promise<number | null> {
  const [owner] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  if (!owner) return null;
  await db
    .insert(channels)
    .values({ ownerId: owner.id, title, broadcasting: true, adultBroadcast: adult })
    .onConflictDoNothing();
  const [ch] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, owner.id));
  return ch?.id ?? null;
}

async function ensureStream(db: Db, channelId: number, type: 1 | 2, title: string, ended: boolean): Promise<void> {
  const [exists] = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.channelId, channelId), eq(streams.type, type)));
  if (exists) return;
  const now = Date.now();
  await db.insert(streams).values({
    channelId,
    type,
    format: 'hls',
    url: DEMO_STREAM_URL,
    title,
    thumbnail: DEMO_THUMBNAIL,
    durationS: ended ? 8 : null,
    viewCount: type === 1 ? 120 : 35,
    startedAt: new Date(ended ? now - 86_400_000 : now),
    endedAt: ended ? new Date(now - 86_400_000 + 8000) : null,
  });
}

/** The titles of adult01's adult channel and of its live: what no viewer without PI may read. */
export const ADULT_DEMO_TITLES = { channel: '성인 방송 (데모)', live: '성인 인증 후 시청 가능한 데모 방송' } as const;

export async function seedDemoStreams(db: Db): Promise<void> {
  const demo = await ownerChannel(db, 'bj0001', '데모 라이브 방송', false);
  if (demo) {
    await db.update(channels).set({ broadcasting: true }).where(eq(channels.id, demo));
    await ensureStream(db, demo, 1, '데모 라이브 방송 — 테스트 패턴', false);
    await ensureStream(db, demo, 2, '지난 방송 다시보기', true);
  }
  const adult = await ownerChannel(db, 'adult01', ADULT_DEMO_TITLES.channel, true);
  if (adult) await ensureStream(db, adult, 1, ADULT_DEMO_TITLES.live, false);
  await db
    .insert(emojis)
    .values(EMOJI.map(([code, title, glyph], sort) => ({ code, title, glyph, sort })))
    .onConflictDoNothing();
}
