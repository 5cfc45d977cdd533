/**
 * Channel resources: `/api/channels/{channelId}/channel-page | live-time | recorded-stream-list | stream`.
 * Adult gating happens here, in the API, not only in the page.
 */
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { LIST_LIMIT_RECORDED_STREAMS } from '../../../domain/limits.ts';
import type { ApiEnv } from '../../app-env.ts';
import { channelFollows, channelNotices, streams } from '../../db/schema/index.ts';
import { optionalMember } from '../session.ts';
import { canSeeAdult, hasLivePass, isAdultChannel, streamCard } from './streams-access.ts';
import { currentLive, loadChannelRow, page, parseId, subscriberCount } from './streams-queries.ts';

export const channelsApi = new Hono<ApiEnv>();

const notFound = { error: 'channel_not_found', error_msg: 'No such channel.' } as const;
/** Compat item 10: the exact texts clients in the wild show. */
export const BROADCAST_ENDED_MSG = '방송자가 방송을 종료 했습니다.';
export const LOGIN_REQUIRED_MSG = '로그인후 이용이 가능합니다.';

channelsApi.use('*', optionalMember());

channelsApi.get('/:channelId/channel-page', async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  const ch = channelId ? await loadChannelRow(db, channelId) : null;
  if (!ch) return c.json(notFound, 404);
  const member = c.get('member');
  const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
  const locked = isAdultChannel(ch) && !canSeeAdult(member);
  const notices = locked
    ? []
    : await db
        .select({ id: channelNotices.id, title: channelNotices.title, content: channelNotices.content, createdAt: channelNotices.createdAt })
        .from(channelNotices)
        .where(eq(channelNotices.channelId, ch.id))
        .orderBy(desc(channelNotices.id))
        .limit(5);
  return c.json({
    channel: { ...streamCard(ch, null, member), title: locked ? null : ch.title, isOwner: member?.id === ch.ownerId },
    live: live ? streamCard(ch, live, member) : null,
    subscriberCount: await subscriberCount(db, ch.id),
    following: member
      ? (
          await db
            .select({ id: channelFollows.channelId })
            .from(channelFollows)
            .where(and(eq(channelFollows.memberId, member.id), eq(channelFollows.channelId, ch.id)))
        ).length > 0
      : false,
    notices,
  });
});

channelsApi.get('/:channelId/live-time', async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  const ch = channelId ? await loadChannelRow(db, channelId) : null;
  if (!ch) return c.json(notFound, 404);
  const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
  return c.json({
    channelId: ch.id,
    broadcasting: live !== null,
    startedAt: live?.startedAt.toISOString() ?? null,
    elapsedS: live ? Math.max(0, Math.floor((Date.now() - live.startedAt.getTime()) / 1000)) : 0,
  });
});

channelsApi.get('/:channelId/recorded-stream-list', async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  const paging = page((k) => c.req.query(k), LIST_LIMIT_RECORDED_STREAMS);
  if (!paging) return c.json({ error: 'bad_request', error_msg: 'offset and limit must be small non-negative integers.' }, 400);
  const ch = channelId ? await loadChannelRow(db, channelId) : null;
  if (!ch) return c.json(notFound, 404);
  const where = and(eq(streams.channelId, ch.id), eq(streams.type, 2), isNotNull(streams.endedAt));
  const rows = await db.select().from(streams).where(where).orderBy(desc(streams.startedAt)).limit(paging.limit).offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(streams).where(where);
  return c.json({ list: rows.map((s) => streamCard(ch, s, c.get('member'))), total: total?.n ?? 0 });
});

/** Compat item 10: `{ sources: [{ url, … }] }` for third-party recorders. */
channelsApi.get('/:channelId/stream', async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  const ch = channelId ? await loadChannelRow(db, channelId) : null;
  if (!ch) return c.json(notFound, 404);
  const member = c.get('member');
  if (isAdultChannel(ch)) {
    if (!member) return c.json({ error: 'login_required', error_msg: LOGIN_REQUIRED_MSG }, 401);
    if (!canSeeAdult(member)) return c.json({ error: 'adult_only', error_msg: '본인인증 후 시청할 수 있는 방송입니다.' }, 403);
  }
  const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
  if (!live) return c.json({ error: 'broadcast_ended', error_msg: BROADCAST_ENDED_MSG }, 404);
  // The BJ watches their own password live without the password (chat lets the BJ in the same way).
  if (member?.id !== ch.ownerId && !hasLivePass(c, live)) return c.json({ error: 'password_required', error_msg: '비밀번호가 필요한 방송입니다.' }, 403);
  const absolute = new URL(live.url, publicOrigin(c)).toString();
  c.header('cache-control', 'private, no-store');
  return c.json({ channelId: ch.id, streamId: live.id, title: live.title, sources: [{ url: absolute, format: live.format, type: live.type }] });
});

/** The site's own origin as the worker forwarded it, so a relative stream path becomes absolute. */
function publicOrigin(c: { req: { header(name: string): string | undefined; url: string } }): string {
  const host = c.req.header('x-forwarded-host');
  const proto = c.req.header('x-forwarded-proto') === 'https' ? 'https' : 'http';
  if (host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) return `${proto}://${host}`;
  return new URL(c.req.url).origin;
}
