/**
 * Live access and small lookups: `GET /api/guest/live-Auth`, `GET /api/guest/subscriber-count`,
 * `POST /v4/api/lives/live-board-check`, `GET /api/vods/{streamId}`.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { ApiEnv } from '../../app-env.ts';
import { channels, members, streams } from '../../db/schema/index.ts';
import { verifyPassword } from '../../passwords.ts';
import { clientIp, perIpRule, type LimitRule } from '../../rate-limit.ts';
import { sharedLimiterOf } from '../../shared-rate-limit.ts';
import { optionalMember } from '../session.ts';
import { canSeeAdult, isAdultChannel, livePass, livePassCookie, streamCard, viewerKey } from './streams-access.ts';
import { streamsWithChannel, currentLive, loadChannelRow, parseId, subscriberCount } from './streams-queries.ts';

const LIVE_PASS_MAX_AGE_S = 12 * 3600;
const PASSWORD_INPUT_MAX = 64;
/** Wrong live passwords a viewer may try per live, and an address (shared by many viewers) may. */
export const LIVE_AUTH_PER_VIEWER: LimitRule = { limit: 5, windowMs: 10 * 60_000 };
export const LIVE_AUTH_PER_IP: LimitRule = { limit: 20, windowMs: 10 * 60_000 };

export const liveGuest = new Hono<ApiEnv>();
liveGuest.get('/live-Auth', optionalMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.query('channelId'));
  const password = c.req.query('password') ?? '';
  if (!channelId || password.length > PASSWORD_INPUT_MAX) return c.json({ error: 'bad_request', error_msg: 'channelId and password are required.' }, 400);
  const ch = await loadChannelRow(db, channelId);
  const live = ch?.broadcasting ? await currentLive(db, channelId) : null;
  if (!ch || !live) return c.json({ error: 'broadcast_ended', error_msg: '방송자가 방송을 종료 했습니다.' }, 404);
  if (isAdultChannel(ch) && !canSeeAdult(c.get('member'))) return c.json({ error: 'adult_only', error_msg: '본인인증 후 시청할 수 있는 방송입니다.' }, 403);
  if (live.passwordHash) {
    // Only wrong tries count, per viewer and per address, so guessing a live's password is slow.
    const limiter = sharedLimiterOf(c.get('deps'));
    const byViewer = `live-auth:${live.id}:${viewerKey(c)}`;
    const byIp = `live-auth-ip:${live.id}:${clientIp(c.req.header('x-forwarded-for'))}`;
    const ipRule = perIpRule(LIVE_AUTH_PER_IP, c.get('deps'));
    const wait = Math.max(await limiter.retryAfterMs(byViewer, LIVE_AUTH_PER_VIEWER), await limiter.retryAfterMs(byIp, ipRule));
    if (wait > 0) {
      c.header('retry-after', String(Math.ceil(wait / 1000)));
      return c.json({ error: 'too_many_attempts', error_msg: '비밀번호를 여러 번 틀렸습니다. 잠시 후 다시 시도해 주세요.' }, 429);
    }
    if (!(await verifyPassword(live.passwordHash, password))) {
      await limiter.hit(byViewer, LIVE_AUTH_PER_VIEWER);
      await limiter.hit(byIp, ipRule);
      return c.json({ error: 'wrong_password', error_msg: '비밀번호가 올바르지 않습니다.' }, 403);
    }
    await limiter.reset(byViewer);
  }
  const secure = c.req.header('x-forwarded-proto') === 'https';
  setCookie(c, livePassCookie(channelId), livePass(c.get('deps').config.jwtSecret, live.id, viewerKey(c)), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: LIVE_PASS_MAX_AGE_S,
    secure,
  });
  return c.json({ ok: true, channelId, streamId: live.id });
});

liveGuest.get('/subscriber-count', async (c) => {
  const channelId = parseId(c.req.query('channelId'));
  if (!channelId) return c.json({ error: 'bad_request', error_msg: 'channelId is required.' }, 400);
  return c.json({ channelId, count: await subscriberCount(c.get('deps').database.db, channelId) });
});

export const liveBoard = new Hono<ApiEnv>();
/** Whether a BJ (userId = loginId) is on air, for the live board. */
liveBoard.post('/live-board-check', async (c) => {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  const userId = body?.userId;
  if (typeof userId !== 'string' || userId.length < 1 || userId.length > 64) return c.json({ error: 'bad_request', error_msg: 'userId is required.' }, 400);
  const { db } = c.get('deps').database;
  const [row] = await db
    .select({ channelId: channels.id, broadcasting: channels.broadcasting })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(members.loginId, userId));
  return c.json({ ok: true, channelId: row?.channelId ?? null, broadcasting: row?.broadcasting ?? false });
});

export const vods = new Hono<ApiEnv>();
vods.use('*', optionalMember());
vods.get('/:streamId', async (c) => {
  const { db } = c.get('deps').database;
  const streamId = parseId(c.req.param('streamId'));
  const [row] = streamId ? await streamsWithChannel(db).where(and(eq(streams.id, streamId), eq(streams.type, 2))) : [];
  if (!row) return c.json({ error: 'vod_not_found', error_msg: 'No such recording.' }, 404);
  const card = streamCard(row.channel, row.stream, c.get('member'));
  return c.json({ ...card, url: card.locked ? null : row.stream.url });
});
