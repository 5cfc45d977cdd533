/** Enumerations of SPEC §3 and §4 as const objects with their unions. */

// The device enumerations live on their own: the page's first script (src/lib/page-mode.ts, written
// into every page) and the `boot` chunk (astro.config.mjs) import them without the rest.
export { AppType, DeviceKind, RequestDevice } from './device-kinds.ts';

export const LoginProvider = { kakao: 'kakao', google: 'google', twitch: 'twitch', naver: 'naver' } as const;
export type LoginProvider = (typeof LoginProvider)[keyof typeof LoginProvider];
export const LOGIN_PROVIDERS = Object.values(LoginProvider);

export const PaymentMethod = {
  kakaopay: 'kakaopay',
  virtualaccount: 'virtualaccount',
  myaccount: 'myaccount',
  mobile: 'mobile',
  creditcard: 'creditcard',
  CARD: 'CARD',
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const StreamType = { live: 1, record: 2, channel: 3 } as const;
export type StreamType = (typeof StreamType)[keyof typeof StreamType];

export const StreamFormat = { bp_flv: 'bp_flv', ivs: 'ivs', hls: 'hls' } as const;
export type StreamFormat = (typeof StreamFormat)[keyof typeof StreamFormat];

export const Theme = { DARK: 'DARK', BLUE: 'BLUE' } as const;
export type Theme = (typeof Theme)[keyof typeof Theme];

/** A theme as `GET /api/guest/themes` lists it. */
export interface BroadcastTheme {
  themeId: number;
  code: string;
  name: { ko: string; en: string };
  theme: Theme;
}

/**
 * Broadcast themes (categories) of the THEME page (`GET /api/guest/themes`); each carries the
 * colour theme it is shown in. A channel's `themeId` is one of these, or null for none.
 */
export const BROADCAST_THEMES = [
  // Colour themes written out, not as Theme.DARK: the site's bundler keeps such reads even of an unused list.
  { themeId: 1, code: 'talk', name: { ko: '토크/캠방', en: 'Talk' }, theme: 'DARK' },
  { themeId: 2, code: 'game', name: { ko: '게임', en: 'Games' }, theme: 'DARK' },
  { themeId: 3, code: 'music', name: { ko: '음악', en: 'Music' }, theme: 'BLUE' },
  { themeId: 4, code: 'art', name: { ko: '그림/웹툰', en: 'Art and webtoons' }, theme: 'BLUE' },
  { themeId: 5, code: 'sports', name: { ko: '스포츠', en: 'Sports' }, theme: 'DARK' },
  { themeId: 6, code: 'study', name: { ko: '공부/교육', en: 'Study' }, theme: 'BLUE' },
] as const satisfies readonly BroadcastTheme[];

/** Identity flow steps, spelled as the spec spells them. */
export const IdentityStep = { AGREEMENT: 'AGREEMENT', IDENTIFIATION: 'IDENTIFIATION', COMPLELTE: 'COMPLELTE' } as const;
export type IdentityStep = (typeof IdentityStep)[keyof typeof IdentityStep];

export const IDENTITY_FLOWS = ['id', 'password', 'personal', 'expire', 'phone', 'personal-signup'] as const;
type IdentityFlow = (typeof IDENTITY_FLOWS)[number];

export const MemberType = { police: 'P', operator: 'O', member: 'V', genie: 'J' } as const;
export type MemberType = (typeof MemberType)[keyof typeof MemberType];

export const BroadcastApproval = { unapplied: 0, requested: 1, approved: 2, rejected: 3 } as const;
export type BroadcastApproval = (typeof BroadcastApproval)[keyof typeof BroadcastApproval];

export const PaymentStatus = {
  waiting: 0,
  requestInProgress: 1,
  paymentInProgress: 2,
  wrongDeposit: 6,
  cancelled: 7,
  approvalError: 8,
  approved: 9,
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const SubscriptionStatus = {
  subscribed: 1,
  unsubscribed: 2,
  expired: 3,
  unused: 4,
  renewalCancelled: 5,
} as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export const Gender = { M: 'M', F: 'F' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
