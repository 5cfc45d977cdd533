/**
 * Channels: the channel page and its reads (/api/channels/{id}/…), likes, and the owner's tools and
 * notices under /api/my (channel profile, luv presets, channel applications, notices).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channelNoticeRoutes } from './channel-notice-routes.ts';
import { channelToolRoutes } from './channel-tools-routes.ts';
import { channelsApi } from './channels-routes.ts';
import { channelLike } from './likes-routes.ts';

export const channelsRoutes = new Hono<ApiEnv>()
  .route('/api/channels', channelsApi)
  .route('/api/channels', channelLike)
  .route('/api/my/channel/notice', channelNoticeRoutes)
  .route('/api/my', channelToolRoutes);
