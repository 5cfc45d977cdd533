/**
 * Home banners, popups and events, per brand. The content is editorial data kept here until an
 * admin tool exists; every entry carries ko and en text and links only to our own paths. Texts name
 * the broadcaster and the currency as `{caster}` and `{currency}`: each brand reads its own words,
 * and an entry that links to a page the brand does not have (domain/brand-features.ts) is left out.
 */
import type { Banner, EventBanner, Popup } from '../../domain/answers/home.ts';
import { offersPage } from '../../domain/brand-features.ts';
import type { Brand } from '../../domain/brands.ts';

const BANNERS: Banner[] = [
  {
    bannerId: 1,
    title: { ko: '지금 라이브 중!', en: 'Live right now!' },
    body: { ko: '데모 {caster} 님의 테스트 방송을 시청해 보세요.', en: "Watch the demo {caster}'s test broadcast." },
    link: '/#home-live',
    colors: ['#1f3c88', '#1565c0'],
  },
  {
    bannerId: 2,
    title: { ko: '첫 충전 이벤트', en: 'First top-up event' },
    body: { ko: '쿠폰 WELCOME-1000으로 보너스를 받으세요.', en: 'Get a bonus with coupon WELCOME-1000.' },
    link: '/luv',
    colors: ['#6a1b9a', '#ad1457'],
  },
  {
    bannerId: 3,
    title: { ko: '방송 규칙 안내', en: 'Broadcast rules' },
    body: { ko: '모두가 즐거운 방송을 위한 약속입니다.', en: 'Our promise for broadcasts everyone enjoys.' },
    link: '/static/broadcast-rules',
    colors: ['#1b5e20', '#2e7d32'],
  },
];

/** Events (EVENT page): banners with a running period; only running ones are listed. */
const EVENTS: EventBanner[] = [
  {
    eventId: 1,
    title: { ko: '{currency} 선물 이벤트', en: 'Gift event: {currency}' },
    body: {
      ko: '{currency} 선물로 좋아하는 {caster} 님을 응원해 주세요.',
      en: 'Cheer on your favourite {caster} with a {currency} gift.',
    },
    link: '/luv',
    colors: ['#8e2430', '#b71c1c'],
    startsAt: '2026-01-01T00:00:00+09:00',
    endsAt: '2099-12-31T23:59:59+09:00',
  },
  {
    eventId: 2,
    title: { ko: '클린 채팅 캠페인', en: 'Clean chat campaign' },
    body: { ko: '모두가 즐거운 채팅 문화를 함께 만들어요.', en: 'Help keep chat friendly for everyone.' },
    link: '/static/broadcast-rules',
    colors: ['#004d40', '#00695c'],
    startsAt: '2026-01-01T00:00:00+09:00',
    endsAt: '2099-12-31T23:59:59+09:00',
  },
];

/**
 * No popup is live in the demo data: a modal over the home page would stand between every visitor
 * (and every test) and the page. Operators add entries here; the site shows one at a time.
 */
const POPUPS: Popup[] = [];

type Texts = { ko: string; en: string };

function inBrandWords(texts: Texts, brand: Brand): Texts {
  const fill = (s: string, l: 'ko' | 'en') =>
    s.replaceAll('{caster}', brand.casterTitle[l]).replaceAll('{currency}', brand.currency.shop[l]);
  return { ko: fill(texts.ko, 'ko'), en: fill(texts.en, 'en') };
}

/** The entries a brand shows, in its words. */
function forBrand<T extends { title: Texts; body: Texts; link: string | null }>(list: T[], brand: Brand | null): T[] {
  if (!brand) return [];
  return list
    .filter((e) => e.link === null || offersPage(brand, e.link))
    .map((e) => ({ ...e, title: inBrandWords(e.title, brand), body: inBrandWords(e.body, brand) }));
}

/** The home banners of `brand` (none for an unknown brand). */
export const brandBanners = (brand: Brand | null): Banner[] => forBrand(BANNERS, brand);

/** The home popups of `brand`. */
export const brandPopups = (brand: Brand | null): Popup[] => forBrand(POPUPS, brand);

/** The events of `brand` running at `nowMs`. */
export function runningEvents(brand: Brand | null, nowMs: number): EventBanner[] {
  return forBrand(
    EVENTS.filter((e) => Date.parse(e.startsAt) <= nowMs && nowMs < Date.parse(e.endsAt)),
    brand,
  );
}
