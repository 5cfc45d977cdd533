/**
 * The brand registry: one code base, six brands (SPEC §1, §3 "Brand settings").
 * Plain data, no I/O: the site builds one page set per entry, the worker picks an entry
 * by Host, the API reads names from it. Adding a brand = adding an entry here + a logo.
 */
import type { Locale } from './locales.ts';

export const BRAND_IDS = ['main', 'china', 'onion', 'hearheart', 'realtoon', 'coin'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

/** Partner platforms of SPEC §3 "Platforms". */
export type Platform = 'WEBTOON_ONION' | 'HEAR_HEART' | 'REALTOON';

export interface BrandFeatures {
  /** Luv shop and purchases. */
  shop: boolean;
  /** BJ withdrawals of received luv. */
  withdraw: boolean;
  /** Foreigner sign-up path. */
  foreignerSignup: boolean;
  /** Customer-service boards (inquiry, declaration). */
  customerService: boolean;
  /** Channel subscriptions. */
  subscriptions: boolean;
  /** Exchange event. */
  exchangeEvent: boolean;
  /** Store links in the footer. */
  storeLinks: boolean;
  /** The welcome panel's identity-verification button offers a reward (SPEC §2 "when a flag is set"). */
  identityReward: boolean;
}

export interface Brand {
  id: BrandId;
  platform: Platform | null;
  /** Service name per offered locale. */
  serviceName: Record<Locale, string>;
  companyName: Record<Locale, string>;
  address: Record<Locale, string>;
  phone: string;
  email: string;
  /** How customers reach the company: a phone line or e-mail only. */
  contactType: 'phone' | 'email';
  seo: { keywords: Record<Locale, string>; description: Record<Locale, string> };
  /** Canonical origin of the brand (https, no trailing slash). */
  serviceUrl: string;
  /** Path of the logo under public/. */
  logo: string;
  /** Path under public/ of the square mark drawn as the tab icon (src/lib/brand-icon.ts): a small SVG, no text. */
  icon: string;
  storeLinks: { android: string | null; ios: string | null };
  /** Domain attribute of every cookie on production hosts (leading dot), null = host-only. */
  cookieDomain: string | null;
  /** Production hosts answered as this brand. */
  hosts: readonly string[];
  features: BrandFeatures;
  /** What a broadcaster is called: BJ, or host in one brand. */
  casterTitle: Record<Locale, string>;
  /** Currency names: the shop currency (luv) and the item currency (lex). */
  currency: { shop: Record<Locale, string>; item: Record<Locale, string> };
}

const ALL_FEATURES: BrandFeatures = {
  shop: true,
  withdraw: true,
  foreignerSignup: true,
  customerService: true,
  subscriptions: true,
  exchangeEvent: true,
  storeLinks: true,
  identityReward: true,
};

/**
 * Partner brands hide the money-out and event features (SPEC §1 "Some features are hidden for the
 * partner brands"); each partner also drops what its own platform does instead (docs/BRANDS.md).
 */
const PARTNER_FEATURES: BrandFeatures = {
  ...ALL_FEATURES,
  withdraw: false,
  foreignerSignup: false,
  exchangeEvent: false,
  storeLinks: false,
  identityReward: false,
};

const LUV = { shop: { ko: '러브', en: 'luv' }, item: { ko: '렉스', en: 'lex' } };
const BJ = { ko: 'BJ', en: 'BJ' };

export const BRANDS: readonly Brand[] = [
  {
    id: 'main',
    platform: null,
    serviceName: { ko: 'FLX TV', en: 'FLX TV' },
    companyName: { ko: '(주)플렉스미디어', en: 'FLX Media Inc.' },
    address: { ko: '서울특별시 강남구 테헤란로 123, 10층', en: '10F, 123 Teheran-ro, Gangnam-gu, Seoul' },
    phone: '1588-0000',
    email: 'help@flxtv.example',
    contactType: 'phone',
    seo: {
      keywords: {
        ko: '라이브 방송, 인터넷 방송, BJ, 실시간 채팅, 러브',
        en: 'live streaming, broadcast, BJ, live chat, luv',
      },
      description: {
        ko: 'FLX TV에서 좋아하는 BJ의 라이브 방송과 다시보기를 보고, 채팅하고, 러브로 응원하세요.',
        en: 'Watch live broadcasts and recordings of your favourite BJs on FLX TV, chat, and cheer them on with luv.',
      },
    },
    serviceUrl: 'https://www.flxtv.example',
    logo: '/brands/main/logo.svg',
    icon: '/brands/main/icon.svg',
    storeLinks: {
      android: 'https://play.google.com/store/apps/details?id=example.flxtv',
      ios: 'https://apps.apple.com/app/id0000000001',
    },
    cookieDomain: '.flxtv.example',
    hosts: ['flxtv.example', 'www.flxtv.example', 'm.flxtv.example'],
    features: ALL_FEATURES,
    casterTitle: BJ,
    currency: LUV,
  },
  {
    id: 'china',
    platform: null,
    serviceName: { ko: 'FLX 차이나', en: 'FLX China' },
    companyName: { ko: '(주)플렉스미디어', en: 'FLX Media Inc.' },
    address: { ko: '서울특별시 강남구 테헤란로 123, 10층', en: '10F, 123 Teheran-ro, Gangnam-gu, Seoul' },
    phone: '1588-0000',
    email: 'cn-help@flxtv.example',
    contactType: 'email',
    seo: {
      keywords: { ko: '라이브 방송, 중국, BJ', en: 'live streaming, China, BJ' },
      description: { ko: 'FLX 차이나 라이브 방송 서비스.', en: 'FLX China live streaming.' },
    },
    serviceUrl: 'https://www.flxcn.example',
    logo: '/brands/china/logo.svg',
    icon: '/brands/china/icon.svg',
    storeLinks: { android: null, ios: null },
    cookieDomain: '.flxcn.example',
    hosts: ['flxcn.example', 'www.flxcn.example'],
    features: { ...ALL_FEATURES, storeLinks: false },
    casterTitle: BJ,
    currency: LUV,
  },
  {
    id: 'onion',
    platform: 'WEBTOON_ONION',
    serviceName: { ko: '웹툰어니언 라이브', en: 'Webtoon Onion Live' },
    companyName: { ko: '(주)어니언코믹스', en: 'Onion Comics Inc.' },
    address: { ko: '경기도 성남시 분당구 판교로 45', en: '45 Pangyo-ro, Bundang-gu, Seongnam' },
    phone: '031-000-0000',
    email: 'live@onion.example',
    contactType: 'email',
    seo: {
      keywords: { ko: '웹툰, 라이브 방송, 작가 방송', en: 'webtoon, live streaming, artist streams' },
      description: { ko: '웹툰어니언 작가와 함께하는 라이브 방송.', en: 'Live streams with Webtoon Onion artists.' },
    },
    serviceUrl: 'https://live.onion.example',
    logo: '/brands/onion/logo.svg',
    icon: '/brands/onion/icon.svg',
    storeLinks: { android: null, ios: null },
    cookieDomain: '.onion.example',
    hosts: ['live.onion.example'],
    // Webtoon Onion's own help desk answers its readers.
    features: { ...PARTNER_FEATURES, customerService: false },
    casterTitle: BJ,
    currency: LUV,
  },
  {
    id: 'hearheart',
    platform: 'HEAR_HEART',
    serviceName: { ko: '히어하트', en: 'HearHeart' },
    companyName: { ko: '(주)히어하트', en: 'HearHeart Corp.' },
    address: { ko: '서울특별시 마포구 월드컵북로 21', en: '21 World Cup buk-ro, Mapo-gu, Seoul' },
    phone: '02-000-0000',
    email: 'support@hearheart.example',
    contactType: 'phone',
    seo: {
      keywords: { ko: '오디오 방송, 라이브, 호스트', en: 'audio live, streaming, hosts' },
      description: {
        ko: '히어하트에서 호스트의 목소리를 라이브로 만나세요.',
        en: 'Meet your hosts live on HearHeart.',
      },
    },
    serviceUrl: 'https://www.hearheart.example',
    logo: '/brands/hearheart/logo.svg',
    icon: '/brands/hearheart/icon.svg',
    storeLinks: { android: null, ios: null },
    cookieDomain: '.hearheart.example',
    hosts: ['hearheart.example', 'www.hearheart.example'],
    features: PARTNER_FEATURES,
    casterTitle: { ko: '호스트', en: 'host' },
    currency: LUV,
  },
  {
    id: 'realtoon',
    platform: 'REALTOON',
    serviceName: { ko: '리얼툰 라이브', en: 'Realtoon Live' },
    companyName: { ko: '(주)리얼툰', en: 'Realtoon Inc.' },
    address: { ko: '서울특별시 구로구 디지털로 300', en: '300 Digital-ro, Guro-gu, Seoul' },
    phone: '02-111-1111',
    email: 'live@realtoon.example',
    contactType: 'email',
    seo: {
      keywords: { ko: '리얼툰, 라이브 방송', en: 'realtoon, live streaming' },
      description: { ko: '리얼툰 라이브 방송 서비스.', en: 'Realtoon live streaming.' },
    },
    serviceUrl: 'https://live.realtoon.example',
    logo: '/brands/realtoon/logo.svg',
    icon: '/brands/realtoon/icon.svg',
    storeLinks: { android: null, ios: null },
    cookieDomain: '.realtoon.example',
    hosts: ['live.realtoon.example'],
    // Realtoon readers pay with lex bought in Realtoon's own store (the ASP lex routes) and ask its help desk.
    features: { ...PARTNER_FEATURES, shop: false, customerService: false, subscriptions: false },
    casterTitle: BJ,
    currency: LUV,
  },
  {
    id: 'coin',
    platform: null,
    serviceName: { ko: 'FLX 코인', en: 'FLX Coin' },
    companyName: { ko: '(주)플렉스미디어', en: 'FLX Media Inc.' },
    address: { ko: '서울특별시 강남구 테헤란로 123, 10층', en: '10F, 123 Teheran-ro, Gangnam-gu, Seoul' },
    phone: '1588-0000',
    email: 'coin-help@flxtv.example',
    contactType: 'phone',
    seo: {
      keywords: { ko: '라이브 방송, 코인, 벨', en: 'live streaming, coin, bell' },
      description: { ko: '코인으로 응원하는 FLX 코인 라이브.', en: 'FLX Coin: live streams you cheer on with coins.' },
    },
    serviceUrl: 'https://www.flxcoin.example',
    logo: '/brands/coin/logo.svg',
    icon: '/brands/coin/icon.svg',
    storeLinks: { android: 'https://play.google.com/store/apps/details?id=example.flxcoin', ios: null },
    cookieDomain: '.flxcoin.example',
    hosts: ['flxcoin.example', 'www.flxcoin.example'],
    features: ALL_FEATURES,
    casterTitle: BJ,
    currency: { shop: { ko: '코인', en: 'coin' }, item: { ko: '벨', en: 'bell' } },
  },
];

const BY_ID = new Map<string, Brand>(BRANDS.map((b) => [b.id, b]));
const BY_HOST = new Map<string, Brand>(BRANDS.flatMap((b) => b.hosts.map((h) => [h, b] as const)));

export const DEFAULT_BRAND: Brand = BY_ID.get('main')!;

export function isBrandId(value: string): value is BrandId {
  return BY_ID.has(value);
}

export function brandById(id: BrandId): Brand {
  return BY_ID.get(id)!;
}

export interface ResolvedBrand {
  brand: Brand;
  /** Cookie Domain attribute to use for this host; null = host-only (local or unknown hosts). */
  cookieDomain: string | null;
}

/**
 * Resolves a Host header (port allowed) to a brand. Production hosts come from the registry;
 * `localhost` and `main.localhost` are main; `{id}.localhost` is that brand. Anything else falls
 * back to main with host-only cookies, so a hostile Host is never reflected into a Domain attribute.
 */
export function resolveBrand(hostHeader: string | null | undefined): ResolvedBrand {
  const host = normaliseHost(hostHeader);
  const known = host ? BY_HOST.get(host) : undefined;
  if (known) return { brand: known, cookieDomain: known.cookieDomain };
  if (host === 'localhost' || host === '127.0.0.1') return { brand: DEFAULT_BRAND, cookieDomain: null };
  if (host?.endsWith('.localhost')) {
    const id = host.slice(0, -'.localhost'.length);
    const brand = BY_ID.get(id);
    if (brand) return { brand, cookieDomain: null };
  }
  return { brand: DEFAULT_BRAND, cookieDomain: null };
}

function normaliseHost(hostHeader: string | null | undefined): string | null {
  if (!hostHeader || hostHeader.length > 255) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(host) ? host : null;
}
