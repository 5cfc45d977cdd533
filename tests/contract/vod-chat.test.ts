/**
 * `GET /api/vods/{streamId}/chat?fromS=&toS=` (issue #40 point 3) over the real API on a migrated
 * database: a recording's lines and gifts at their offsets from its start, in order, within the
 * window; lines of members the caller blocked and of members the channel blacklists left out; other
 * rooms and moments outside the broadcast left out; bad windows refused with the catalogue's code in
 * the caller's language; an unknown recording and a locked adult one refused.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { channelRoles, channels, chatMessages, streams } from '../../api/db/schema/index.ts';
import { demoChannelId } from '../../api/db/seed.ts';
import { useTestApp } from '../../api/testing/app.ts';
import { VOD_CHAT_WINDOW_MAX_S } from '../../domain/answers/vod-chat.ts';

const t = useTestApp();
let channelId = 0;
let vodId = 0;
let adultVodId = 0;
/** The recording's start: two minutes ago, so a gift sent now lands about 120 s in. */
let start = 0;

async function recording(channel: number, startedAt: Date, endedAt: Date): Promise<number> {
  const [row] = await t.database.db
    .insert(streams)
    .values({
      channelId: channel,
      type: 2,
      format: 'hls',
      url: 'vod/x.m3u8',
      title: 'vod chat',
      durationS: 180,
      startedAt,
      endedAt,
    })
    .returning({ id: streams.id });
  return row!.id;
}

let seq = 1_000_000;
async function line(room: number, loginId: string, offsetS: number, content: string): Promise<void> {
  const memberId = t.ids[loginId]!;
  seq += 1;
  await t.database.db.insert(chatMessages).values({
    room: String(room),
    seq,
    memberId,
    loginId,
    nickname: `${loginId}-nick`,
    role: loginId === 'bj0001' ? 'bj' : 'member',
    content,
    createdAt: new Date(start + offsetS * 1000),
  });
}

beforeAll(async () => {
  const db = t.database.db;
  channelId = await demoChannelId(db);
  start = Date.now() - 120_000;
  vodId = await recording(channelId, new Date(start), new Date(start + 180_000));
  await line(channelId, 'viewer01', -5, 'before the broadcast');
  await line(channelId, 'viewer01', 3.2, 'first');
  await line(channelId, 'bj0001', 10, 'second from the BJ');
  await line(channelId, 'viewer02', 12.5, 'from a member viewer01 blocks');
  await line(channelId, 'adult01', 20, 'from a member the channel blacklists');
  await line(channelId, 'viewer01', 65, 'a minute in');
  await line(channelId, 'viewer01', 200, 'after the broadcast');
  const other = await demoChannelId(db, 'bj0002');
  await line(other, 'viewer01', 5, 'another room');
  await db
    .insert(channelRoles)
    .values({ channelId, memberId: t.ids.adult01!, kind: 'blacklist', until: null, byMemberId: t.ids.bj0001! });
  expect((await t.as('viewer01')('POST', '/api/my/blacklist', { loginId: 'viewer02' })).status).toBe(201);
  const gift = await t.as('viewer02')(
    'POST',
    '/api/lives/send-luv',
    { channelId, amount: 10, message: 'vod gift' },
    { 'idempotency-key': 'vod-chat-gift' },
  );
  expect(gift.status).toBe(200);
  // An adult channel's recording.
  await db.update(channels).set({ adultBroadcast: true }).where(eq(channels.id, other));
  adultVodId = await recording(other, new Date(start), new Date(start + 180_000));
});

describe('GET /api/vods/{streamId}/chat', () => {
  it("answers the broadcast's lines and gifts at their offsets, in order, for a guest", async () => {
    const res = await t.as(null)('GET', `/api/vods/${vodId}/chat?fromS=0&toS=600`);
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: { content: string }) => l.content)).toEqual([
      'first',
      'second from the BJ',
      'from a member viewer01 blocks',
      'a minute in',
    ]);
    expect(res.body.lines[0]).toEqual({
      offsetS: 3.2,
      seq: expect.any(Number),
      loginId: 'viewer01',
      nickname: 'viewer01-nick',
      role: 'member',
      content: 'first',
    });
    expect(res.body.lines[1]).toMatchObject({ offsetS: 10, role: 'bj', loginId: 'bj0001' });
    expect(res.body.gifts).toHaveLength(1);
    expect(res.body.gifts[0]).toMatchObject({ kind: 'luv', loginId: 'viewer02', amount: 10, message: 'vod gift' });
    expect(Math.abs(res.body.gifts[0].offsetS - 120)).toBeLessThan(5);
    expect(res.body.nextFromS).toBeNull();
  });

  it('leaves out the lines of members the caller blocked', async () => {
    const res = await t.as('viewer01')('GET', `/api/vods/${vodId}/chat`);
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: { content: string }) => l.content)).toEqual([
      'first',
      'second from the BJ',
      'a minute in',
    ]);
  });

  it('answers only the window asked for (fromS ≤ offsetS < toS)', async () => {
    const res = await t.as(null)('GET', `/api/vods/${vodId}/chat?fromS=10&toS=65`);
    expect(res.body.lines.map((l: { offsetS: number }) => l.offsetS)).toEqual([10, 12.5]);
    expect(res.body.gifts).toEqual([]);
    expect(res.body).toMatchObject({ fromS: 10, toS: 65 });
    const late = await t.as(null)('GET', `/api/vods/${vodId}/chat?fromS=100.5&toS=130`);
    expect(late.body.lines).toEqual([]);
    expect(late.body.gifts).toHaveLength(1);
  });

  it.each([
    ['fromS=10&toS=5'],
    ['fromS=10&toS=10'],
    [`fromS=0&toS=${VOD_CHAT_WINDOW_MAX_S + 1}`],
    ['fromS=-1&toS=5'],
    ['fromS=abc'],
    ['toS=1e3'],
  ])('refuses ?%s with vod_chat_range (ko and en)', async (qs) => {
    const ko = await t.as(null)('GET', `/api/vods/${vodId}/chat?${qs}`, undefined, { cookie: 'locale=ko' });
    expect(ko.status).toBe(400);
    expect(ko.body).toMatchObject({ error: 'vod_chat_range', error_msg: expect.stringContaining('채팅 구간') });
    const en = await t.as(null)('GET', `/api/vods/${vodId}/chat?${qs}`, undefined, { cookie: 'locale=en' });
    expect(en.body).toMatchObject({ error: 'vod_chat_range', error_msg: expect.stringContaining('chat window') });
  });

  it('refuses an unknown or malformed recording, and a live, with vod_not_found', async () => {
    expect((await t.as(null)('GET', '/api/vods/2147483000/chat')).body.error).toBe('vod_not_found');
    expect((await t.as(null)('GET', '/api/vods/x1/chat')).status).toBe(404);
    const [live] = await t.database.db.select({ id: streams.id }).from(streams).where(eq(streams.type, 1)).limit(1);
    expect((await t.as(null)('GET', `/api/vods/${live!.id}/chat`)).body.error).toBe('vod_not_found');
  });

  it("refuses an adult recording's chat without identity verification, answers it with", async () => {
    const guest = await t.as('viewer01')('GET', `/api/vods/${adultVodId}/chat`);
    expect(guest.status).toBe(403);
    expect(guest.body.error).toBe('adult_only');
    const verified = await t.as('adult01')('GET', `/api/vods/${adultVodId}/chat`);
    expect(verified.status).toBe(200);
    expect(verified.body.lines.map((l: { content: string }) => l.content)).toEqual(['another room']);
  });
});
