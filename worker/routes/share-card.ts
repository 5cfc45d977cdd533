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
