/**
 * Broadcaster tools of the my page (SPEC §6 channel owner): channel profile, luv presets, notices, channel application.
 */
import * as v from 'valibot';
import {
  CHANNEL_INTRODUCTION_LENGTH_MAX,
  CHANNEL_NOTICE_CONTENT_LENGTH_MAX,
  CHANNEL_NOTICE_TITLE_LENGTH_MAX,
  CHANNEL_TITLE_LENGTH_MAX,
  LUV_PRESET_AMOUNT_MAX,
  LUV_PRESET_SIZE_MAX,
} from '../limits.ts';
import { trimmedText } from './free-text.ts';

const introduction = v.optional(trimmedText(CHANNEL_INTRODUCTION_LENGTH_MAX, 0), '');

/** `PUT /api/my/channel/profile`: adult-plus implies adult; both need an identity-verified owner. */
export const channelProfileBody = v.object({
  title: trimmedText(CHANNEL_TITLE_LENGTH_MAX),
  introduction,
  adultBroadcast: v.optional(v.boolean()),
  adultPlusBroadcast: v.optional(v.boolean()),
});

/** `POST /api/my/channel/luv-preset`: 1 to LUV_PRESET_SIZE_MAX distinct whole amounts. */
export const luvPresetBody = v.object({
  presets: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LUV_PRESET_AMOUNT_MAX))),
    v.minLength(1),
    v.maxLength(LUV_PRESET_SIZE_MAX),
    v.check((a) => new Set(a).size === a.length),
  ),
});

/** `POST`, `PUT /api/my/channel/notice`. */
export const channelNoticeBody = v.object({
  title: trimmedText(CHANNEL_NOTICE_TITLE_LENGTH_MAX),
  content: trimmedText(CHANNEL_NOTICE_CONTENT_LENGTH_MAX),
});

/** `POST /api/my/chennel-register` (spelled so): applying for a channel. */
export const channelRegisterBody = v.object({ channelTitle: trimmedText(CHANNEL_TITLE_LENGTH_MAX), introduction });

/** `POST /api/my/chennel-register/{loginId}/decision` (operators). */
export const channelDecisionBody = v.object({ approve: v.boolean() });
