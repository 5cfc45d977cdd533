/**
 * The luv products and the item catalogue with the item codes of SPEC §3, seeded in every environment
 * (api/db/seed-catalogue.ts); the demo coupons.
 */
export const LUV_PRODUCTS = [
  { id: 1, luv: 100, priceWon: 11_000, sort: 1 },
  { id: 2, luv: 300, priceWon: 33_000, sort: 2 },
  { id: 3, luv: 500, priceWon: 55_000, sort: 3 },
  { id: 4, luv: 1_000, priceWon: 110_000, sort: 4 },
  { id: 5, luv: 3_000, priceWon: 330_000, sort: 5 },
  { id: 6, luv: 10_000, priceWon: 1_100_000, sort: 6 },
] as const;

export const ITEMS = [
  { code: 100, prodName: 'lex', nameKo: '렉스', nameEn: 'Lex', kind: 'lex', premium: false, priceLuv: 1 },
  {
    code: 420,
    prodName: 'fullroom-pass-1d',
    nameKo: '만석 입장권 1일',
    nameEn: 'Full-room pass (1 day)',
    kind: 'pass',
    premium: false,
    priceLuv: 100,
  },
  {
    code: 421,
    prodName: 'fullroom-pass-7d',
    nameKo: '만석 입장권 7일',
    nameEn: 'Full-room pass (7 days)',
    kind: 'pass',
    premium: false,
    priceLuv: 500,
  },
  {
    code: 422,
    prodName: 'fullroom-pass-30d',
    nameKo: '만석 입장권 30일',
    nameEn: 'Full-room pass (30 days)',
    kind: 'pass',
    premium: false,
    priceLuv: 1_500,
  },
  {
    code: 440,
    prodName: 'auto-cheer',
    nameKo: '자동 응원',
    nameEn: 'Automatic cheer',
    kind: 'automatic',
    premium: false,
    priceLuv: 10,
  },
  {
    code: 441,
    prodName: 'manual-cheer',
    nameKo: '수동 응원',
    nameEn: 'Manual cheer',
    kind: 'manual',
    premium: false,
    priceLuv: 10,
  },
  { code: 442, prodName: 'angel', nameKo: '천사', nameEn: 'Angel', kind: 'angel', premium: false, priceLuv: 50 },
  { code: 448, prodName: 'genie', nameKo: '지니', nameEn: 'Genie', kind: 'genie', premium: true, priceLuv: 100 },
  {
    code: 450,
    prodName: 'random-box-s',
    nameKo: '랜덤 박스 S',
    nameEn: 'Random box S',
    kind: 'random',
    premium: false,
    priceLuv: 30,
  },
  {
    code: 451,
    prodName: 'random-box-m',
    nameKo: '랜덤 박스 M',
    nameEn: 'Random box M',
    kind: 'random',
    premium: false,
    priceLuv: 60,
  },
  {
    code: 452,
    prodName: 'random-box-l',
    nameKo: '랜덤 박스 L',
    nameEn: 'Random box L',
    kind: 'random',
    premium: true,
    priceLuv: 120,
  },
  {
    code: 700,
    prodName: 'subscription-monthly',
    nameKo: '정기 구독권',
    nameEn: 'Monthly subscription',
    kind: 'subscription',
    premium: false,
    priceLuv: 30,
  },
  {
    code: 701,
    prodName: 'subscription-1m',
    nameKo: '1개월 구독권',
    nameEn: '1-month subscription',
    kind: 'subscription',
    premium: false,
    priceLuv: 30,
  },
  {
    code: 702,
    prodName: 'subscription-3m',
    nameKo: '3개월 구독권',
    nameEn: '3-month subscription',
    kind: 'subscription',
    premium: false,
    priceLuv: 90,
  },
  {
    code: 703,
    prodName: 'subscription-gift-1m',
    nameKo: '1개월 구독 선물권',
    nameEn: '1-month gift subscription',
    kind: 'subscription',
    premium: false,
    priceLuv: 30,
  },
  {
    code: 704,
    prodName: 'subscription-gift-3m',
    nameKo: '3개월 구독 선물권',
    nameEn: '3-month gift subscription',
    kind: 'subscription',
    premium: false,
    priceLuv: 90,
  },
  {
    code: 1001,
    prodName: 'winter-snowflake',
    nameKo: '겨울 눈꽃',
    nameEn: 'Winter snowflake',
    kind: 'seasonal',
    premium: false,
    priceLuv: 20,
  },
  {
    code: 1002,
    prodName: 'winter-snowflake-premium',
    nameKo: '겨울 눈꽃 프리미엄',
    nameEn: 'Winter snowflake premium',
    kind: 'seasonal',
    premium: true,
    priceLuv: 200,
  },
] as const;

/**
 * Item kinds that are in the catalogue only (docs/LEDGER.md "Item kinds"): listed with their SPEC §3
 * codes, never sold and never used. A full-room pass admits to a full room, and live rooms here
 * have no viewer limit; a random box's odds and prizes are not in the spec; subscriptions are paid
 * by card in won (SPEC §9), so a subscription item would be a second price for the same thing.
 */
export const CATALOGUE_ONLY_ITEM_KINDS: readonly string[] = ['pass', 'random', 'subscription'];

/** Whether items of `kind` can be bought and used (a gift of items in a channel). */
export const itemUsable = (kind: string): boolean => !CATALOGUE_ONLY_ITEM_KINDS.includes(kind);

export const DEMO_COUPONS = [
  { code: 'WELCOME-1000', luv: 1_000 },
  { code: 'WELCOME-2000', luv: 2_000 },
  { code: 'WELCOME-3000', luv: 3_000 },
] as const;
