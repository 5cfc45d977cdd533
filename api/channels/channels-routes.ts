/**
 * Channel resources: `/api/channels/{channelId}/channel-page | live-time | recorded-stream-list | stream`.
 * Adult gating happens here, in the API, not only in the page.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { DEFAULT_BRAND } from '../../domain/brands.ts';
import { channelPage, liveTime, recordingsPage, type LiveTime } from '../../domain/answers/channels.ts';
import { LIST_LIMIT_RECORDED_STREAMS } from '../../domain/limits.ts';
import { streamSourcesAnswer } from '../../domain/schemas/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { brandOrigin } from '../config.ts';
import { fail, requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, paging, params, query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { canSeeAdult, hasLivePass, isAdultChannel } from '../lives/streams-access.ts';
import { streamAnswer } from '../lives/stream-answer.ts';
import { currentLive, loadChannelRow } from '../lives/streams-queries.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { channelPageOf, recordingsOf } from './channels.ts';

/** The channel of the path; a malformed id answers like an unknown one (404), as clients expect. */
export const channelParam = () => params(ids('channelId'), { invalid: 'channel_not_found' });

export const channelsApi = new Hono<ApiEnv>()
  .get(
    '/:channelId/channel-page',
    doc({
      tag: 'channels',
      summary:
        "A channel's page: profile, live (or null), follower count, whether the caller follows it, paid " +
        "subscriptions (count, the caller's own), latest notices, the BJ's one-tap gift amounts (presets)",
      description:
        'An adult channel shows no title, thumbnail or notices to a caller without identity verification (`locked`).',
      responses: { 200: { description: 'OK', schema: channelPage } },
      errors: ['channel_not_found'],
    }),
    optionalMember(),
    channelParam(),
    async (c) => {
      const { db } = c.get('deps').database;
      const ch = await loadChannelRow(db, c.req.valid('param').channelId);
      if (!ch) return fail(c, 'channel_not_found');
      return c.json(await channelPageOf(db, ch, c.get('member'), mediaUrls(c.get('deps'))));
    },
  )
  .get(
    '/:channelId/live-time',
    doc({
      tag: 'channels',
      summary: 'Whether the channel is live, since when and for how many seconds',
      responses: { 200: { description: 'OK', schema: liveTime } },
      errors: ['channel_not_found'],
    }),
    channelParam(),
    async (c) => {
      const { db } = c.get('deps').database;
      const ch = await loadChannelRow(db, c.req.valid('param').channelId);
      if (!ch) return fail(c, 'channel_not_found');
      const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
      return c.json({
        channelId: ch.id,
        broadcasting: live !== null,
        startedAt: live?.startedAt.toISOString() ?? null,
        elapsedS: live ? Math.max(0, Math.floor((Date.now() - live.startedAt.getTime()) / 1000)) : 0,
      } satisfies LiveTime);
    },
  )
  .get(
    '/:channelId/recorded-stream-list',
    doc({
      tag: 'channels',
      summary: "The channel's recordings, newest first: { list, total }",
      description: `Paged by offset and limit (default ${LIST_LIMIT_RECORDED_STREAMS}); adult recordings are locked for callers without identity verification.`,
      responses: { 200: { description: 'OK', schema: recordingsPage } },
      errors: ['channel_not_found'],
    }),
    optionalMember(),
    channelParam(),
    query(v.object({ ...paging(LIST_LIMIT_RECORDED_STREAMS) }), { invalid: 'bad_request' }),
    async (c) => {
      const { db } = c.get('deps').database;
      const { offset, limit } = c.req.valid('query');
      const ch = await loadChannelRow(db, c.req.valid('param').channelId);
      if (!ch) return fail(c, 'channel_not_found');
      return c.json(await recordingsOf(db, ch, c.get('member'), mediaUrls(c.get('deps')), { offset, limit }));
    },
  )
  .get(
    '/:channelId/stream',
    doc({
      tag: 'lives',
      summary: "The channel's live and where to play it (the site's player and third-party recorders read it)",
      description:
        'Recorders treat 400 as "not live, or no such channel": an unknown channel and a channel off the air both ' +
        "answer 400 `broadcast_offline` ('방송자가 방송을 종료 했습니다.'). `sources[0].url` is an HLS master playlist with " +
        'variants; `sources[].urlDetail.{hls,flv}.resolution[]` lists each rendition `{ url, resolution (picture ' +
        'height or null), suffixName }` in the same order, for a self-hosted live the source (`src`) first, then ' +
        "the transcoded rungs highest first (`720p`, `480p`, `360p`, never above the source); `thumbUrl` is the live's " +
        'latest picture, taken again every 30 s. Every URL is absolute on the ' +
        "brand's site origin (configuration, never a request header); media URLs carry a playback token for this " +
        'caller, good until `expiresAt`. An adult live needs a signed-in (401 `login_required`) and ' +
        'identity-verified (403 `adult_only`) caller; a password live needs the pass of `GET /api/guest/live-Auth` ' +
        '(403 `password_required`), except for its BJ. `option=all` is accepted and changes nothing.',
      responses: { 200: { description: 'The live and its sources', schema: streamSourcesAnswer } },
      errors: ['broadcast_offline', 'login_required', 'adult_only', 'password_required'],
    }),
    optionalMember(),
    params(ids('channelId'), { invalid: 'broadcast_offline' }),
    async (c) => {
      const deps = c.get('deps');
      const { db } = deps.database;
      const ch = await loadChannelRow(db, c.req.valid('param').channelId);
      if (!ch) return fail(c, 'broadcast_offline');
      const member = c.get('member');
      if (isAdultChannel(ch)) {
        if (!member) return fail(c, 'login_required');
        if (!canSeeAdult(member)) return fail(c, 'adult_only');
      }
      const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
      if (!live) return fail(c, 'broadcast_offline');
      // The BJ watches their own password live without the password (chat lets the BJ in the same way).
      if (member?.id !== ch.ownerId && !hasLivePass(c, live)) return fail(c, 'password_required');
      const origin = brandOrigin(deps.config, requestBrand(c) ?? DEFAULT_BRAND);
      c.header('cache-control', 'private, no-store');
      return c.json(await streamAnswer(deps, ch, live, mediaUrls(deps), origin));
    },
  );
