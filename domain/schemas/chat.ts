/**
 * What a chat client may send with each event (domain/chat-events.ts). A payload these schemas
 * refuse is answered `{ ok: false, code: 'bad_request' }`; every other refusal comes from the
 * room's rules, which the server checks after these.
 */
import * as v from 'valibot';
import { CHAT_ACTION_TYPES, CHAT_MUTE_DEFAULT_S, CHAT_MUTE_MAX_S } from '../chat-events.ts';

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
