/**
 * Share cards of channel pages ("a channel's card names the BJ and the broadcast"): the
 * channel pages are one prebuilt shell for every id, so the worker fills the title, Open Graph and
 * Twitter tags per channel from the API. The API is asked as a guest (no cookies), so an adult
 * channel's card never carries its title or thumbnail, whoever shares or crawls it.
 */
import type { Context } from 'hono';
import type { Brand } from '../../domain/brands.ts';
import type { Locale } from '../../domain/locales.ts';
import type { AppEnv } from '../env.ts';
import { fetchApi, UpstreamError, upstreamHeaders } from '../upstream.ts';

const CHANNEL_PAGE = /^\/channels\/(\d{1,10})(\/live)?\/?$/;
/** A card is nice to have: never hold a page up for long waiting for one. */
const CARD_TIMEOUT_MS = 800;
const CARD_TTL_MS = 30_000;
const CARD_CACHE_ENTRIES_MAX = 500;

export interface ChannelCard {
  nickname: string;
  /** Null for an adult channel (the API hides it from guests). */
  title: string | null;
  thumbnail: string | null;
}

/** The channel id of a channel or live page, or null. */
export function channelIdOf(pathname: string): number | null {
  const m = CHANNEL_PAGE.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** Per isolate: popular channels are shared many times a minute. */
const cache = new Map<number, { at: number; card: ChannelCard | null }>();

export async function channelCard(
  c: Context<AppEnv>,
  channelId: number,
  now = Date.now(),
): Promise<ChannelCard | null> {
  const hit = cache.get(channelId);
  if (hit && now - hit.at < CARD_TTL_MS) return hit.card;
  let card: ChannelCard | null = null;
  try {
    const headers = upstreamHeaders(c);
    headers.delete('cookie');
    const res = await fetchApi(
      c,
      `/api/channels/${channelId}/channel-page`,
      { method: 'GET', headers },
      CARD_TIMEOUT_MS,
    );
    if (res.ok) {
      const body = (await res.json()) as {
        channel?: { nickname?: unknown; title?: unknown; thumbnail?: unknown; locked?: unknown };
      };
      const ch = body.channel;
      if (ch && typeof ch.nickname === 'string') {
        const locked = ch.locked === true;
        card = {
          nickname: ch.nickname,
          title: !locked && typeof ch.title === 'string' ? ch.title : null,
          thumbnail: !locked && typeof ch.thumbnail === 'string' ? ch.thumbnail : null,
        };
      }
    } else await res.body?.cancel();
  } catch (e) {
    if (!(e instanceof UpstreamError) && !(e instanceof SyntaxError)) throw e;
    return null; // not cached: the next visit tries again
  }
  if (cache.size >= CARD_CACHE_ENTRIES_MAX) cache.delete(cache.keys().next().value!);
  cache.set(channelId, { at: now, card });
  return card;
}

const TEXT = {
  ko: { title: (n: string) => `${n}님의 방송`, live: (n: string, t: string) => `${n}님의 라이브: ${t}` },
  en: { title: (n: string) => `${n}'s channel`, live: (n: string, t: string) => `${n} is live: ${t}` },
} satisfies Record<Locale, unknown>;

/** Fills in the page's card for `card`; the rest of the page is untouched. */
export function shareCardRewriter(card: ChannelCard, brand: Brand, locale: Locale, pathname: string): HTMLRewriter {
  const t = TEXT[locale];
  const service = brand.serviceName[locale];
  const title = t.title(card.nickname);
  const description = card.title ? t.live(card.nickname, card.title) : title;
  const url = `${brand.serviceUrl}${pathname.replace(/\/$/, '')}`;
  const image = card.thumbnail ? new URL(card.thumbnail, brand.serviceUrl).toString() : null;
  const set = (value: string) => ({
    element(el: Element) {
      el.setAttribute('content', value);
    },
  });
  let rewriter = new HTMLRewriter()
    .on('title', {
      element(el) {
        el.setInnerContent(`${title} | ${service}`);
      },
    })
    .on('meta[property="og:title"]', set(title))
    .on('meta[name="twitter:title"]', set(title))
    .on('meta[name="description"]', set(description))
    .on('meta[property="og:description"]', set(description))
    .on('meta[name="twitter:description"]', set(description))
    .on('meta[property="og:url"]', set(url))
    .on('link[rel="canonical"]', {
      element(el) {
        el.setAttribute('href', url);
      },
    });
  if (image)
    rewriter = rewriter.on('meta[property="og:image"]', set(image)).on('meta[name="twitter:image"]', set(image));
  return rewriter;
}

const CLIP_PAGE = /^\/clips\/([\w-]{12})\/?$/;

/** The clip id of a clip page (`/clips/{clipId}`), or null. */
export function clipIdOf(pathname: string): string | null {
  return CLIP_PAGE.exec(pathname)?.[1] ?? null;
}

export interface ClipCard {
  nickname: string;
  title: string;
  durationS: number;
  /** Absolute, signed for a guest (the API's answer); null for a clip a guest may not watch. */
  url: string | null;
  thumbUrl: string | null;
}

/**
 * A clip's card (`GET /api/clips/{id}` asked as a guest, as the channel's): a clip of an adult or
 * password live is locked for guests, so its card carries no title, picture or video.
 */
export async function clipCard(c: Context<AppEnv>, clipId: string): Promise<ClipCard | null> {
  try {
    const headers = upstreamHeaders(c);
    headers.delete('cookie');
    const res = await fetchApi(c, `/api/clips/${clipId}`, { method: 'GET', headers }, CARD_TIMEOUT_MS);
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json()) as {
      title?: unknown;
      durationS?: unknown;
      url?: unknown;
      thumbUrl?: unknown;
      locked?: unknown;
      createdBy?: { nickname?: unknown };
    };
    const nickname = body.createdBy?.nickname;
    if (typeof nickname !== 'string' || typeof body.durationS !== 'number') return null;
    const open = body.locked !== true;
    return {
      nickname,
      title: open && typeof body.title === 'string' ? body.title : '',
      durationS: body.durationS,
      url: open && typeof body.url === 'string' ? body.url : null,
      thumbUrl: open && typeof body.thumbUrl === 'string' ? body.thumbUrl : null,
    };
  } catch (e) {
    if (!(e instanceof UpstreamError) && !(e instanceof SyntaxError)) throw e;
    return null;
  }
}

const CLIP_TEXT = {
  ko: { title: (n: string) => `${n}님의 클립`, description: (n: string, s: number) => `${n}님이 만든 ${s}초 클립` },
  en: { title: (n: string) => `A clip by ${n}`, description: (n: string, s: number) => `A ${s}-second clip by ${n}` },
} satisfies Record<Locale, unknown>;

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Fills in a clip page's card: its title, picture (og:image) and video (og:video, an MP4, with
 * its type and size hints for KakaoTalk and the other messengers' previews).
 */
export function clipCardRewriter(card: ClipCard, brand: Brand, locale: Locale, pathname: string): HTMLRewriter {
  const t = CLIP_TEXT[locale];
  const service = brand.serviceName[locale];
  const title = card.title || t.title(card.nickname);
  const description = t.description(card.nickname, card.durationS);
  const url = `${brand.serviceUrl}${pathname.replace(/\/$/, '')}`;
  const set = (value: string) => ({
    element(el: Element) {
      el.setAttribute('content', value);
    },
  });
  let rewriter = new HTMLRewriter()
    .on('title', {
      element(el) {
        el.setInnerContent(`${title} | ${service}`);
      },
    })
    .on('meta[property="og:title"]', set(title))
    .on('meta[name="twitter:title"]', set(title))
    .on('meta[name="description"]', set(description))
    .on('meta[property="og:description"]', set(description))
    .on('meta[name="twitter:description"]', set(description))
    .on('meta[property="og:url"]', set(url))
    .on('meta[property="og:type"]', set('video.other'))
    .on('link[rel="canonical"]', {
      element(el) {
        el.setAttribute('href', url);
      },
    });
  if (card.thumbUrl)
    rewriter = rewriter
      .on('meta[property="og:image"]', set(card.thumbUrl))
      .on('meta[name="twitter:image"]', set(card.thumbUrl));
  const video = card.url;
  if (video)
    rewriter = rewriter.on('head', {
      element(el) {
        const tags = [
          ['og:video', video],
          ['og:video:url', video],
          ...(video.startsWith('https:') ? [['og:video:secure_url', video]] : []),
          ['og:video:type', 'video/mp4'],
          ['og:video:width', '1280'],
          ['og:video:height', '720'],
        ];
        el.append(tags.map(([p, v]) => `<meta property="${p}" content="${attr(v!)}">`).join(''), { html: true });
      },
    });
  return rewriter;
}
