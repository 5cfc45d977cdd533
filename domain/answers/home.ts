/**
 * Answers of the lists a viewer browses (api/home/): channels live now, the home lists, the
 * member's own lists, rankings, banners, popups, events and the broadcast themes.
 */
import * as v from 'valibot';
import { instant, int } from './fields.ts';
import { cardPage, streamCard } from './channels.ts';

/** `GET /api/lives` (api/home/live-list.ts), `/api/home/vods` (home-lists.ts), `/api/my/likes` (liked-channels.ts). */
export const streamCards = cardPage(streamCard);
export type StreamCards = v.InferOutput<typeof streamCards>;

/** One page without a total: `GET /api/my/streams/present` and `/api/my/streams/subscriptions` (viewer-streams.ts). */
export const streamCardList = v.object({ list: v.array(streamCard) });
export type StreamCardList = v.InferOutput<typeof streamCardList>;

/** A card of `GET /api/home/casters`: a broadcaster with its follower count. */
export const casterCard = v.object({ ...streamCard.entries, subscriberCount: int });
export type CasterCard = v.InferOutput<typeof casterCard>;
export const casterCards = cardPage(casterCard);

/** A card of `GET /api/my/gifted-channels` (gifted-channels.ts): the caller's latest gift and how many. */
export const giftedCard = v.object({ ...streamCard.entries, lastGiftAt: instant, giftCount: int });
export type GiftedCard = v.InferOutput<typeof giftedCard>;
export const giftedCards = cardPage(giftedCard);

/** `GET /api/my/streams/played`: streams the caller watched, newest first, one page without a total. */
export const playedCards = v.object({ list: v.array(v.object({ ...streamCard.entries, viewedAt: instant })) });
export type PlayedCards = v.InferOutput<typeof playedCards>;

/** A text in both languages the editorial entries carry. */
export const localized = v.object({ ko: v.string(), en: v.string() });
type Localized = v.InferOutput<typeof localized>;

/** A CSS colour pair for a card (no image to host). */
const colors = v.tuple([v.string(), v.string()]);

/** A home banner (api/home/banners.ts). */
export const banner = v.object({ bannerId: int, title: localized, body: localized, link: v.string(), colors });
export type Banner = v.InferOutput<typeof banner>;

/** An event of the EVENT page: a banner with its running period (ISO 8601 with an offset). */
export const eventBanner = v.object({
  eventId: int,
  title: localized,
  body: localized,
  link: v.string(),
  colors,
  startsAt: v.string(),
  endsAt: v.string(),
});
export type EventBanner = v.InferOutput<typeof eventBanner>;

/** A home popup; `link` null for one that leads nowhere. */
export const popup = v.object({ popupId: int, title: localized, body: localized, link: v.nullable(v.string()) });
export type Popup = v.InferOutput<typeof popup>;

/** `GET /api/guest/banners` and `/banners-newstyle`. */
export const banners = v.object({ list: v.array(banner) });
export type Banners = v.InferOutput<typeof banners>;

/** `GET /api/guest/events`: the running ones. */
export const eventBanners = v.object({ list: v.array(eventBanner) });
export type EventBanners = v.InferOutput<typeof eventBanners>;

/** `GET /api/guest/popups`. */
export const popups = v.object({ list: v.array(popup) });
export type Popups = v.InferOutput<typeof popups>;

/**
 * An entry of `GET /api/guest/themes` (api/service/site-extras-routes.ts, an array): a theme of
 * domain/enums.ts `BROADCAST_THEMES` with the `key`, `value` (its id as text) and `text` caster
 * apps read.
 */
export const themeEntry = v.object({
  key: v.string(),
  value: v.string(),
  text: v.string(),
  themeId: int,
  code: v.string(),
  name: localized,
  theme: v.picklist(['DARK', 'BLUE']),
});
export type ThemeEntry = v.InferOutput<typeof themeEntry>;
export const themeEntries = v.array(themeEntry);

/** A line of `GET /api/my/rankings` (api/home/rankings.ts): channels by followers. */
export const rankedChannel = v.object({
  rank: int,
  channelId: int,
  loginId: v.string(),
  nickname: v.string(),
  title: v.string(),
  broadcasting: v.boolean(),
  followers: int,
});
export type RankedChannel = v.InferOutput<typeof rankedChannel>;

/** The caller's own channel in the ranking. */
export const myRank = v.object({ rank: int, followers: int, channelId: int });
export type MyRank = v.InferOutput<typeof myRank>;

/** `GET /api/my/rankings`: one page, without a total, and the caller's rank (null without a channel). */
export const rankings = v.object({ list: v.array(rankedChannel), me: v.nullable(myRank), offset: int, limit: int });
export type Rankings = v.InferOutput<typeof rankings>;
