/** Mounts the channel, stream, emoji, home and chat-ticket resources (issue 7). */
import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { broadcast } from './channels-broadcast.ts';
import { channelsApi } from './channels.ts';
import { chatTicket } from './chat-ticket.ts';
import { emojiFavorite, emojiGuest } from './emoji.ts';
import { homeBanners } from './home-banners.ts';
import { lives } from './home.ts';
import { liveBoard, liveGuest, vods } from './live.ts';
import { myStreams } from './streams.ts';

export function mountChannelRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/chat/ticket', chatTicket);
  app.route('/api/channels', channelsApi);
  app.route('/api/channels', broadcast);
  app.route('/api/lives', lives);
  app.route('/api/lives', emojiFavorite);
  app.route('/api/vods', vods);
  app.route('/api/guest', liveGuest);
  app.route('/api/guest', emojiGuest);
  app.route('/api/guest', homeBanners);
  app.route('/v4/api/lives', liveBoard);
  app.route('/api/my/streams', myStreams);
}
