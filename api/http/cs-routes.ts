/**
 * Mounts the routes of issue 9: customer service and boards (/api/cs, /v2/api/cs,
 * /api/guest/find-new-board) and the my-page resources (/api/my, /v2/api/my).
 */
import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { blacklistRoutes } from './blacklist.ts';
import { findNewBoardRoutes } from './boards-settings.ts';
import { channelNoticeRoutes } from './channel-notice.ts';
import { channelToolRoutes } from './channel-tools.ts';
import { csRoutes, csRoutesV2 } from './cs.ts';
import { messageRoutes } from './messages.ts';
import { mySettingRoutes } from './my-setting.ts';
import { rankingRoutes } from './rankings.ts';
import { viewMainRoutes } from './view-main.ts';

export function mountMyAndCsRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/cs', csRoutes);
  app.route('/v2/api/cs', csRoutesV2);
  app.route('/api/guest/find-new-board', findNewBoardRoutes);
  app.route('/api/my/blacklist', blacklistRoutes);
  app.route('/api/my/channel/notice', channelNoticeRoutes);
  app.route('/api/my/setting', mySettingRoutes);
  app.route('/api/my/view-main', viewMainRoutes);
  app.route('/api/my/rankings', rankingRoutes);
  app.route('/api/my', channelToolRoutes);
  app.route('/api/my', messageRoutes);
  app.route('/v2/api/my', messageRoutes);
}
