/** Mounts the home lists added beside the live list: VOD, CASTER, LIKE, GIFT_VIEW and channel likes. */
import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { giftView, homeLists } from './home-lists.ts';
import { channelLike, myLikes } from './likes.ts';

export function mountHomeRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/home', homeLists);
  app.route('/api/channels', channelLike);
  app.route('/api/my/likes', myLikes);
  app.route('/api/my/gifted-channels', giftView);
}
