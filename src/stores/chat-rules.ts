/**
 * A channel's chat rules (slow mode, followers-only, subscribers-only, emote-only, blocked words):
 * read by everyone in the room, set by the BJ and the channel's managers.
 */
import type { ChatRules } from '../../domain/answers/chat-rules.ts';
import type { ChatRulesView } from '../../domain/chat-events.ts';
import { apiResult, type ApiResult } from '../lib/api-client.ts';

export type { ChatRules };

export const NO_RULES: ChatRules = { slowModeS: 0, followersOnlyMinM: null, subscribersOnly: false, emoteOnly: false };

const path = (channelId: string) => `/api/channels/${encodeURIComponent(channelId)}/chat-rules`;

export function fetchChatRules(channelId: string): Promise<ApiResult<ChatRules>> {
  return apiResult<ChatRules>(path(channelId), { silent: true });
}

/** Sends only the fields given; the answer is the channel's rules after the change. */
export function putChatRules(channelId: string, change: Partial<ChatRules>): Promise<ApiResult<ChatRules>> {
  return apiResult<ChatRules>(path(channelId), { method: 'PUT', body: change, silent: true });
}

/** Reads a `chat_rules` event's data defensively (it comes over the wire): the four modes, or null. */
export function rulesOf(d: unknown): ChatRulesView | null {
  if (typeof d !== 'object' || d === null) return null;
  const r = d as Record<string, unknown>;
  if (typeof r.slowModeS !== 'number' || typeof r.subscribersOnly !== 'boolean' || typeof r.emoteOnly !== 'boolean')
    return null;
  return {
    slowModeS: r.slowModeS,
    followersOnlyMinM: typeof r.followersOnlyMinM === 'number' ? r.followersOnlyMinM : null,
    subscribersOnly: r.subscribersOnly,
    emoteOnly: r.emoteOnly,
  };
}
