/** The signed-in member's own pages: /api/my (but /api/my/luv, items and banks in luv/, messages and blacklist in messages/). */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { casterRoutes } from './caster.ts';
import { channelNoticeRoutes } from './channel-notice.ts';
import { channelSubscriberRoutes } from './channel-subscribers.ts';
import { channelToolRoutes } from './channel-tools.ts';
import { giftView } from './gifted-channels.ts';
import { myLikes } from './likes.ts';
import { mySettingRoutes } from './my-setting.ts';
import { profile } from './profile.ts';
import { rankingRoutes } from './rankings.ts';
import { mySessions } from './sessions.ts';
import { myStreams } from './streams.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { viewMainRoutes } from './view-main.ts';

export const my = new Hono<ApiEnv>()
  .route('/api/my/profile', profile)
  .route('/api/my/streams', myStreams)
  .route('/api/my/likes', myLikes)
  .route('/api/my/gifted-channels', giftView)
  .route('/api/my/channel/notice', channelNoticeRoutes)
  .route('/api/my/setting', mySettingRoutes)
  .route('/api/my/view-main', viewMainRoutes)
  .route('/api/my/rankings', rankingRoutes)
  .route('/api/my/sessions', mySessions)
  .route('/api/my/subscriptions', subscriptionRoutes)
  .route('/api/my', channelToolRoutes)
  .route('/api/my', channelSubscriberRoutes)
  .route('/api/my', casterRoutes);
