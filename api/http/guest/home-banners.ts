/**
 * Home banners and popups (SPEC §7 guest calls `banners`, `banners-newstyle`, `popups`), per brand.
 * The content is editorial data kept here until an admin tool exists; every entry carries ko and
 * en text and links only to our own paths.
 */
import { Hono, type Context } from 'hono';
import { BRANDS } from '../../../domain/brands.ts';
import type { ApiEnv } from '../../app-env.ts';
import { doc } from '../openapi.ts';

export interface Banner {
  bannerId: number;
  title: { ko: string; en: string };
  body: { ko: string; en: string };
  link: string;
  /** CSS colour pair for the card (no image to host). */
  colors: [string, string];
}

export interface Popup {
  popupId: number;
  title: { ko: string; en: string };
  body: { ko: string; en: string };
  link: string | null;
}

const BANNERS: Banner[] = [
  {
    bannerId: 1,
    title: { ko: '지금 라이브 중!', en: 'Live right now!' },
    body: { ko: '데모 BJ의 테스트 방송을 시청해 보세요.', en: "Watch the demo BJ's test broadcast." },
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

/** An event (EVENT page): a banner with a running period; only running ones are listed. */
export interface EventBanner {
  eventId: number;
  title: { ko: string; en: string };
  body: { ko: string; en: string };
  link: string;
  colors: [string, string];
  startsAt: string;
  endsAt: string;
}

const EVENTS: EventBanner[] = [
  {
    eventId: 1,
    title: { ko: '러브 선물 이벤트', en: 'Luv gift event' },
    body: { ko: '좋아하는 BJ에게 러브를 선물하고 응원해 주세요.', en: 'Cheer on your favourite BJ with a luv gift.' },
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

function brandKnown(id: string | undefined): boolean {
  return id === undefined || BRANDS.some((b) => b.id === id);
}

function bannerList(c: Context<ApiEnv>) {
  if (!brandKnown(c.req.header('x-brand'))) return c.json({ list: [] });
  c.header('cache-control', 'public, max-age=60');
  return c.json({ list: BANNERS });
}

const BANNER_ANSWER = '{ list: [{ bannerId, title: { ko, en }, body: { ko, en }, link, colors }] }';

export const homeBanners = new Hono<ApiEnv>()
  .get('/banners', doc({ tag: 'guest', summary: 'The home page banners of the calling brand', responses: { 200: BANNER_ANSWER } }), bannerList)
  .get(
    '/banners-newstyle',
    doc({ tag: 'guest', summary: 'The home page banners of the calling brand (the new layout reads the same list)', responses: { 200: BANNER_ANSWER } }),
    bannerList,
  )
  .get(
    '/popups',
    doc({
      tag: 'guest',
      summary: 'The home page popups of the calling brand (the site shows one at a time)',
      responses: { 200: '{ list: [{ popupId, title: { ko, en }, body: { ko, en }, link }] }' },
    }),
    (c) => {
      c.header('cache-control', 'public, max-age=60');
      return c.json({ list: brandKnown(c.req.header('x-brand')) ? POPUPS : [] });
    },
  )
  .get(
    '/events',
    doc({
      tag: 'guest',
      summary: 'The running events of the EVENT page',
      responses: { 200: '{ list: [{ eventId, title: { ko, en }, body: { ko, en }, link, colors, startsAt, endsAt }] }' },
    }),
    (c) => {
      const now = Date.now();
      const running = EVENTS.filter((e) => Date.parse(e.startsAt) <= now && now < Date.parse(e.endsAt));
      c.header('cache-control', 'public, max-age=60');
      return c.json({ list: brandKnown(c.req.header('x-brand')) ? running : [] });
    },
  );
