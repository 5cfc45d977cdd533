/**
 * Answers of a room's chat rules (`GET`/`PUT /api/channels/{id}/chat-rules`; api/chat/rules-routes.ts).
 * The same rules reach the room as the `chat_rules` event (domain/chat-events.ts ChatRulesView).
 */
import * as v from 'valibot';
import { int } from './fields.ts';

/** The rules as anyone reads them; `blockedWords` only in the answer to the BJ and the channel's managers. */
export const chatRules = v.object({
  slowModeS: int,
  followersOnlyMinM: v.nullable(int),
  subscribersOnly: v.boolean(),
  emoteOnly: v.boolean(),
  blockedWords: v.optional(v.array(v.string())),
});
export type ChatRules = v.InferOutput<typeof chatRules>;
