/**
 * The lists a viewer browses: channels live now (/api/lives), the home lists (/api/home), banners and
 * popups (/api/guest), rankings, and the member's own lists under /api/my (streams watched, present
 * and followed, liked channels, channels gifted to).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { homeBanners } from './banners-routes.ts';
import { giftView } from './gifted-channels-routes.ts';
import { homeLists } from './home-lists-routes.ts';
import { myLikes } from './liked-channels-routes.ts';
import { lives } from './live-list-routes.ts';
import { rankingRoutes } from './rankings-routes.ts';
import { myStreams } from './viewer-streams-routes.ts';

export const homeRoutes = new Hono<ApiEnv>()
  .route('/api/lives', lives)
  .route('/api/home', homeLists)
  .route('/api/guest', homeBanners)
  .route('/api/my/streams', myStreams)
  .route('/api/my/likes', myLikes)
  .route('/api/my/gifted-channels', giftView)
  .route('/api/my/rankings', rankingRoutes);
