/** Channels, lives, recordings and the home lists: /api/channels, /api/lives, /api/vods, /api/home, /v4/api/lives. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { broadcast } from './channels-broadcast.ts';
import { channelsApi } from './channels.ts';
import { emojiFavorite } from './emoji-favorite.ts';
import { gifts } from './gifts.ts';
import { homeLists } from './home-lists.ts';
import { lives } from './home.ts';
import { channelLike } from './likes.ts';
import { liveBoard } from './live-board.ts';
import { vods } from './vods.ts';

export const channels = new Hono<ApiEnv>()
  .route('/api/lives', gifts)
  .route('/api/channels', channelsApi)
  .route('/api/channels', broadcast)
  .route('/api/lives', lives)
  .route('/api/lives', emojiFavorite)
  .route('/api/vods', vods)
  .route('/v4/api/lives', liveBoard)
  .route('/api/home', homeLists)
  .route('/api/channels', channelLike);
