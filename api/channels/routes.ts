/**
 * Channels: the channel page and its reads (/api/channels/{id}/…), likes, and the owner's tools and
 * notices under /api/my (channel profile, luv presets, channel applications, notices).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channelNoticeRoutes } from './channel-notice.ts';
import { channelToolRoutes } from './channel-tools.ts';
import { channelsApi } from './channels.ts';
import { channelLike } from './likes.ts';

export const channelsRoutes = new Hono<ApiEnv>()
  .route('/api/channels', channelsApi)
  .route('/api/channels', channelLike)
  .route('/api/my/channel/notice', channelNoticeRoutes)
  .route('/api/my', channelToolRoutes);
