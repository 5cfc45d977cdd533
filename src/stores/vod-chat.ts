/** A recording's chat (`GET /api/vods/{streamId}/chat`), one window of seconds at a time. */
import type { VodChat } from '../../domain/answers/vod-chat.ts';
import { apiResult, type ApiResult } from '../lib/api-client.ts';

export const loadVodChat = (streamId: number, fromS: number, toS: number): Promise<ApiResult<VodChat>> =>
  apiResult<VodChat>(`/api/vods/${streamId}/chat?fromS=${fromS}&toS=${toS}`, { silent: true });
