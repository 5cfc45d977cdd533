/**
 * What a chat client may send with each event (domain/chat-events.ts). A payload these schemas
 * refuse is answered `{ ok: false, code: 'bad_request' }`; every other refusal comes from the
 * room's rules, which the server checks after these.
 */
import * as v from 'valibot';
import {
  CHAT_ACTION_TYPES,
  CHAT_BLOCKED_WORD_LENGTH_MAX,
  CHAT_BLOCKED_WORDS_MAX,
  CHAT_FOLLOWERS_MIN_MAX_M,
  CHAT_MUTE_DEFAULT_S,
  CHAT_MUTE_MAX_S,
  CHAT_SLOW_MODE_MAX_S,
} from '../chat-events.ts';

/** `join`: `lastSeq` absent or null on a first join, else the last seq this client saw. */
export const chatJoinPayload = v.object({
  room: v.string(),
  lastSeq: v.nullish(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
});

export const chatLeavePayload = v.object({ room: v.string() });

/** `message`: the content is trimmed; its emptiness and length are the room's rules (`empty`, `too_long`). */
export const chatSendPayload = v.object({
  room: v.string(),
  content: v.pipe(v.string(), v.trim()),
});

/**
 * `action`: `on` is true unless sent. `targetId` and `durationS` are read only by the actions
 * that use them, after the actor's rights were checked (chatActionTarget, chatMuteDurationS):
 * a member without rights hears `forbidden` whatever else the payload holds.
 */
export const chatActionPayload = v.object({
  room: v.string(),
  type: v.picklist(CHAT_ACTION_TYPES),
  on: v.optional(v.boolean(), true),
  targetId: v.optional(v.unknown()),
  durationS: v.optional(v.unknown()),
});

/** The loginId an action (all but `freeze`) is aimed at. */
export const chatActionTarget = v.string();

/** A mute's length in seconds: absent or null for the default. */
export const chatMuteDurationS = v.nullish(
  v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(CHAT_MUTE_MAX_S)),
  CHAT_MUTE_DEFAULT_S,
);

/** Blocked words: trimmed, 1 to CHAT_BLOCKED_WORD_LENGTH_MAX characters, deduplicated case-insensitively (first spelling kept). */
const blockedWords = v.pipe(
  v.array(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((w) => w.length > 0 && [...w].length <= CHAT_BLOCKED_WORD_LENGTH_MAX),
    ),
  ),
  v.maxLength(CHAT_BLOCKED_WORDS_MAX),
  v.transform((words) => {
    const seen = new Set<string>();
    return words.filter((w) => {
      const key = blockedWordKey(w);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }),
);

/** How a blocked word and a line are compared: NFKC, lower case (Latin case-insensitive; Hangul as it is). */
export const blockedWordKey = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * `PUT /api/channels/{id}/chat-rules`: any of the rules; an absent field stays as it is. Each
 * field's refusal has its own code (chatRulesCodes).
 */
export const chatRulesBody = v.object({
  slowModeS: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(CHAT_SLOW_MODE_MAX_S))),
  followersOnlyMinM: v.optional(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(CHAT_FOLLOWERS_MIN_MAX_M))),
  ),
  subscribersOnly: v.optional(v.boolean()),
  emoteOnly: v.optional(v.boolean()),
  blockedWords: v.optional(blockedWords),
});
export type ChatRulesInput = v.InferOutput<typeof chatRulesBody>;

/** The catalogue code of a refused field of chatRulesBody. */
export const chatRulesCodes = {
  invalid: 'invalid_chat_rules',
  fields: {
    slowModeS: 'invalid_slow_mode',
    followersOnlyMinM: 'invalid_followers_only',
    subscribersOnly: 'invalid_chat_rules',
    emoteOnly: 'invalid_chat_rules',
    blockedWords: 'invalid_blocked_words',
  },
  notObject: 'invalid_chat_rules',
} as const;

/** `viewers`: the room whose viewer list is asked for. */
export const chatViewersPayload = v.object({ room: v.string() });
