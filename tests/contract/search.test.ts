/**
 * Discovery's search (`GET /api/search`, api/search/) against the real app and database (PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL): nicknames, channel names and live titles in Hangul and Latin, Hangul
 * initial consonants, wildcards taken literally, the blank query, the adult channel's texts, and the live
 * counts of the browse page (`GET /api/search/categories`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channels, members, streams } from '../../api/db/schema/index.ts';
import { ADULT_DEMO_TITLES } from '../../api/db/seed-streams.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import type { Json } from '../../api/testing/requests.ts';
import { SEARCH_QUERY_MAX_CHARS } from '../../domain/limits.ts';

let t: TestApp;
const ids: Record<string, number> = {};

/** A BJ with a channel; `live` puts a live on air with that title, `viewers` watching. */
async function addChannel(
  loginId: string,
  nickname: string,
  channelName: string,
  live?: { title: string; viewers: number; themeId?: number },
): Promise<number> {
  const db = t.database.db;
  const [m] = await db.insert(members).values({ loginId, nickname, passwordHash: 'x' }).returning({ id: members.id });
  const [ch] = await db
    .insert(channels)
    .values({ ownerId: m!.id, title: channelName, broadcasting: live !== undefined, themeId: live?.themeId ?? null })
    .returning({ id: channels.id });
  if (live)
    await db.insert(streams).values({
      channelId: ch!.id,
      type: 1,
      format: 'hls',
      url: '/demo-stream/index.m3u8',
      title: live.title,
      viewers: live.viewers,
      startedAt: new Date(Date.now() - 3_600_000),
    });
  ids[loginId] = ch!.id;
  return ch!.id;
}

beforeAll(async () => {
  t = await openTestApp();
  await addChannel('moon01', '달맞이', '새벽 라디오', { title: 'Lo-fi 공부 방송', viewers: 12, themeId: 6 });
  await addChannel('owl01', '부엉이', 'Night Owl House');
  await addChannel('cat01', '고양이집사', '100% 고양이_채널', { title: '냥냥 게임 대회', viewers: 30, themeId: 2 });
});
afterAll(() => t.close());

const find = async (q: string, as: string | null = null) => {
  const res = await t.as(as)('GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body as { query: string; channels: Json[]; lives: Json[] };
};
const channelIds = (list: Json[]) => list.map((c) => c.channelId);

describe('GET /api/search', () => {
  it('finds a channel by a Hangul nickname, with its live on the card', async () => {
    const r = await find('달맞');
    expect(r.query).toBe('달맞');
    expect(channelIds(r.channels)).toEqual([ids.moon01]);
    expect(r.channels[0]).toMatchObject({ nickname: '달맞이', broadcasting: true, type: 1, viewers: 12 });
    expect(r.channels[0]!.title).toBe('Lo-fi 공부 방송');
    expect(channelIds(r.lives)).toEqual([ids.moon01]);
  });

  it('finds by initial consonants: ㄷㅁ matches 달맞이, ㄱㅇㅇ matches 고양이집사', async () => {
    expect(channelIds((await find('ㄷㅁㅇ')).channels)).toEqual([ids.moon01]);
    // ㄷㅁ is also the start of the demo channels' '데모 …': every one found starts its initials so.
    const short = (await find('ㄷㅁ')).channels;
    expect(channelIds(short)).toContain(ids.moon01);
    expect(channelIds(short)).not.toContain(ids.cat01);
    expect(channelIds((await find('ㄱㅇㅇ')).channels)).toEqual([ids.cat01]);
    // Initials match initials only: ㅂ is no nickname's or title's initial of these channels' texts.
    expect(channelIds((await find('ㅂㅇㅇ')).channels)).toEqual([ids.owl01]);
    expect((await find('ㅋㅋㅋㅋ')).channels).toEqual([]);
  });

  it('finds by channel name, case-insensitively, an offline channel with no live', async () => {
    const r = await find('night owl');
    expect(channelIds(r.channels)).toEqual([ids.owl01]);
    expect(r.channels[0]).toMatchObject({ broadcasting: false, streamId: null, title: 'Night Owl House' });
    expect(r.lives).toEqual([]);
  });

  it('finds lives by their title, most viewers first', async () => {
    const r = await find('공부');
    expect(channelIds(r.lives)).toEqual([ids.moon01]);
    expect(r.channels).toEqual([]);
    const both = await find('방송');
    // '방송' is in the moon live's title and in bj0001's demo live: both lives, by viewers.
    expect(channelIds(both.lives)).toContain(ids.moon01);
    expect(both.lives.map((c) => c.viewers)).toEqual([...both.lives.map((c) => c.viewers)].sort((a, b) => b - a));
  });

  it('takes % and _ literally', async () => {
    expect(channelIds((await find('100%')).channels)).toEqual([ids.cat01]);
    expect(channelIds((await find('이_채')).channels)).toEqual([ids.cat01]);
    expect((await find('%')).channels.map((c) => c.channelId)).toEqual([ids.cat01]);
    expect((await find('_')).channels.map((c) => c.channelId)).toEqual([ids.cat01]);
  });

  it('answers empty lists for a blank query and for no match', async () => {
    for (const q of ['', '   ']) expect(await find(q)).toEqual({ query: '', channels: [], lives: [] });
    expect(await find('없는채널이름xyz')).toEqual({ query: '없는채널이름xyz', channels: [], lives: [] });
    expect((await t.as(null)('GET', '/api/search')).body).toEqual({ query: '', channels: [], lives: [] });
  });

  it('refuses a query longer than the limit', async () => {
    const res = await t.as(null)('GET', `/api/search?q=${encodeURIComponent('가'.repeat(SEARCH_QUERY_MAX_CHARS + 1))}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('bad_request');
    expect((await find('가'.repeat(SEARCH_QUERY_MAX_CHARS))).channels).toEqual([]);
  });

  it("never matches an adult channel's name or live title for a viewer without PI", async () => {
    for (const q of [ADULT_DEMO_TITLES.channel, ADULT_DEMO_TITLES.live]) {
      const r = await find(q);
      expect(r.channels.concat(r.lives).map((c) => c.channelId)).not.toContain(t.channelIds.adult01);
      expect(JSON.stringify([r.channels, r.lives])).not.toContain(q);
    }
    const [adult] = await t.database.db.select().from(members).where(eq(members.loginId, 'adult01'));
    const byNick = await find(adult!.nickname);
    const card = byNick.channels.find((c) => c.channelId === t.channelIds.adult01);
    expect(card).toMatchObject({ locked: true, title: null, thumbnail: null });
  });
});

describe('GET /api/search/categories', () => {
  it('counts the lives on air of every broadcast theme, as GET /api/lives?themeId lists them', async () => {
    const r = (await t.as(null)('GET', '/api/search/categories')).body as { list: Json[]; total: number };
    expect(r.list.map((c) => c.code)).toEqual(['talk', 'game', 'music', 'art', 'sports', 'study']);
    for (const c of r.list) {
      const lives = (await t.as(null)('GET', `/api/lives?themeId=${c.themeId}`)).body;
      expect(c.liveCount).toBe(lives.total);
    }
    expect(r.list.find((c) => c.code === 'study')).toMatchObject({
      liveCount: 1,
      name: { ko: '공부/교육', en: 'Study' },
    });
    expect(r.total).toBe((await t.as(null)('GET', '/api/lives')).body.total);
  });
});
