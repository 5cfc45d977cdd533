/**
 * A live's guest lookups: `GET /api/guest/live-Auth?channelId&password` (the pass of a
 * password-protected live: an HttpOnly cookie bound to the live and the caller, see
 * api/lives/streams-access.ts) and `GET /api/guest/subscriber-count?channelId`.
 */
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { liveAuthFields } from '../../domain/schemas/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { livePassCookie } from '../../domain/cookies.ts';
import { canSeeAdult, isAdultChannel, livePass, viewerKey } from './streams-access.ts';
import { currentLive, loadChannelRow, subscriberCount } from './streams-queries.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { idText, query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';

const LIVE_PASS_MAX_AGE_S = 12 * 3600;
/** Wrong live passwords a viewer may try per live, and an address (shared by many viewers) may. */
export const LIVE_AUTH_PER_VIEWER: LimitRule = { limit: 5, windowMs: 10 * 60_000 };
export const LIVE_AUTH_PER_IP: LimitRule = { limit: 20, windowMs: 10 * 60_000 };

/**
 * Checks the password of a protected live. Only wrong tries count, per viewer and per address, so
 * guessing a live's password is slow. Answers the refusal, or null when the password is right.
 */
async function checkLivePassword(
  c: Context<ApiEnv>,
  streamId: number,
  passwordHash: string,
  password: string,
): Promise<Response | null> {
  const limiter = c.get('deps').sharedLimiter;
  const byViewer = `live-auth:${streamId}:${viewerKey(c)}`;
  const byIp = `live-auth-ip:${streamId}:${clientIp(c.req.header('x-forwarded-for'))}`;
  const ipRule = perIpRule(LIVE_AUTH_PER_IP, c.get('deps'));
  const wait = Math.max(
    await limiter.retryAfterMs(byViewer, LIVE_AUTH_PER_VIEWER),
    await limiter.retryAfterMs(byIp, ipRule),
  );
  if (wait > 0) return fail(c, 'too_many_attempts', { headers: { 'retry-after': String(Math.ceil(wait / 1000)) } });
  if (!(await verifyPassword(passwordHash, password))) {
    await limiter.hit(byViewer, LIVE_AUTH_PER_VIEWER);
    await limiter.hit(byIp, ipRule);
    return fail(c, 'wrong_password');
  }
  await limiter.reset(byViewer);
  return null;
}

export const liveGuest = new Hono<ApiEnv>()
  .get(
    '/live-Auth',
    doc({
      tag: 'lives',
      summary: "The pass for the channel's live: { ok, channelId, streamId } and an HttpOnly pass cookie",
      description:
        'A password live needs its password (wrong tries are limited per viewer and per address: 429 with ' +
        'Retry-After); an open live gives the pass at once. The pass is bound to the live and the caller (member, ' +
        'else the flx_uuid cookie).',
      errors: ['broadcast_ended', 'adult_only', 'too_many_attempts', 'wrong_password'],
    }),
    optionalMember(),
    query(v.object({ channelId: idText, ...liveAuthFields }), { invalid: 'bad_request' }),
    async (c) => {
      const { db } = c.get('deps').database;
      const { channelId, password } = c.req.valid('query');
      const ch = await loadChannelRow(db, channelId);
      const live = ch?.broadcasting ? await currentLive(db, channelId) : null;
      if (!ch || !live) return fail(c, 'broadcast_ended');
      if (isAdultChannel(ch) && !canSeeAdult(c.get('member'))) return fail(c, 'adult_only');
      if (live.passwordHash) {
        const refused = await checkLivePassword(c, live.id, live.passwordHash, password);
        if (refused) return refused;
      }
      setCookie(c, livePassCookie(channelId), livePass(c.get('deps').config.jwtSecret, live.id, viewerKey(c)), {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: LIVE_PASS_MAX_AGE_S,
        secure: c.req.header('x-forwarded-proto') === 'https',
      });
      return c.json({ ok: true, channelId, streamId: live.id });
    },
  )
  .get(
    '/subscriber-count',
    doc({ tag: 'channels', summary: "The channel's subscriber count: { channelId, count }" }),
    query(v.object({ channelId: idText }), { invalid: 'bad_request' }),
    async (c) => {
      const { channelId } = c.req.valid('query');
      return c.json({ channelId, count: await subscriberCount(c.get('deps').database.db, channelId) });
    },
  );
