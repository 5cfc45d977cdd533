/**
 * What the member's luv pages list: received luv over time and payments (my luv), the paged gift
 * lists, held items, spending caps and channel subscriptions. Each store carries the failure of
 * its last read or action for the page to explain (src/lib/error-text.ts).
 */
import { map, type ReadableAtom } from 'nanostores';
import { LIST_LIMIT_ITEMS, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../domain/limits.ts';
import type { ApiFailure, ApiResult } from '../lib/api-client.ts';
import { loadBalance } from './luv.ts';
import type { ListPage } from '../../domain/answers/fields.ts';
import type { HeldItem } from '../../domain/answers/items.ts';
import type { Payment } from '../../domain/answers/shop.ts';
import type { Subscription } from '../../domain/answers/subscriptions.ts';
import type { GiftLine, ItemsSum, ReceivedLuvSum, RedeemedCoupon, SpendingCaps } from '../../domain/answers/wallet.ts';
import { luvApi } from './luv-api.ts';
import { subscriptionApi } from './subscription-api.ts';

const SUMMARY_DAYS = 30;

type MyLuvState = {
  summary: ReceivedLuvSum | null;
  payments: Payment[];
  coupons: RedeemedCoupon[];
  failure: ApiFailure | null;
};
const myLuv = map<MyLuvState>({ summary: null, payments: [], coupons: [], failure: null });
/** My luv page: received luv of the last 30 days, the latest payments and coupons (the balance is $luvBalance). */
export const $myLuv: ReadableAtom<MyLuvState> = myLuv;

export async function loadMyLuv(): Promise<void> {
  const [balanceFailure, summary, payments, coupons] = await Promise.all([
    loadBalance(),
    luvApi.receivedSum(SUMMARY_DAYS),
    luvApi.payments(0, PAGE_LIMIT_DEFAULT),
    luvApi.coupons(0, PAGE_LIMIT_DEFAULT),
  ]);
  const now = myLuv.get();
  myLuv.set({
    summary: summary.ok ? summary.value : now.summary,
    payments: payments.ok ? payments.value.list : now.payments,
    coupons: coupons.ok ? coupons.value.list : now.coupons,
    // One message for the page: the first read that failed.
    failure: [summary, payments].map((r) => (r.ok ? null : r.failure)).find(Boolean) ?? balanceFailure,
  });
}

/** Gift lines per page: the API's default for item and gift lists. */
export const GIFT_PAGE_LIMIT = LIST_LIMIT_ITEMS;

export interface GiftListState {
  offset: number;
  list: GiftLine[] | null;
  failure: ApiFailure | null;
}

/** One paged gift list (received or sent, luv or items). */
export interface GiftList {
  $state: ReadableAtom<GiftListState>;
  /** Shows the page starting at `offset`. */
  show(offset: number): Promise<void>;
}

function giftList(read: (offset: number, limit: number) => Promise<ApiResult<ListPage<GiftLine>>>): GiftList {
  const state = map<GiftListState>({ offset: 0, list: null, failure: null });
  return {
    $state: state,
    async show(offset) {
      state.setKey('offset', offset);
      const r = await read(offset, GIFT_PAGE_LIMIT);
      if (state.get().offset !== offset) return;
      if (r.ok) state.setKey('list', r.value.list);
      else state.setKey('failure', r.failure);
    },
  };
}

export const receivedLuvList = giftList(luvApi.receivedList);
export const sentLuvList = giftList(luvApi.sentList);
export const receivedItemList = giftList(luvApi.receivedItems);
export const usedItemList = giftList(luvApi.usedItems);

type MyItems = { list: HeldItem[] | null; sum: ItemsSum | null; failure: ApiFailure | null };
const items = map<MyItems>({ list: null, sum: null, failure: null });
/** The items the member holds (SPEC §3 item codes), and how many they used and their channel received in total. */
export const $myItems: ReadableAtom<MyItems> = items;

export async function loadItems(): Promise<void> {
  const [r, sum] = await Promise.all([luvApi.items(0, PAGE_LIMIT_MAX), luvApi.itemsSum()]);
  if (r.ok) items.setKey('list', r.value.list);
  if (sum.ok) items.setKey('sum', sum.value);
  const failure = !r.ok ? r.failure : !sum.ok ? sum.failure : null;
  if (failure) items.setKey('failure', failure);
}

export interface CapsState {
  caps: SpendingCaps | null;
  /** What the last save did: in force now, or from a later time (a raised cap waits). */
  saved: { pendingFrom: string | null } | null;
  failure: ApiFailure | null;
}

const caps = map<CapsState>({ caps: null, saved: null, failure: null });
/** The member's own spending caps. */
export const $spendingCaps: ReadableAtom<CapsState> = caps;

export async function loadCaps(): Promise<void> {
  const r = await luvApi.caps();
  if (r.ok) caps.setKey('caps', r.value);
}

/** Saves the caps typed (an empty field: no cap). */
export async function saveCaps(daily: string, monthly: string): Promise<void> {
  const parse = (v: string) => (v.trim() === '' ? null : Number(v));
  caps.setKey('failure', null);
  const r = await luvApi.setCaps({ dailyLuv: parse(daily), monthlyLuv: parse(monthly) });
  if (!r.ok) return caps.setKey('failure', r.failure);
  caps.set({ caps: r.value, saved: { pendingFrom: r.value.pending?.from ?? null }, failure: null });
}

const subscriptions = map<{ list: Subscription[] | null; failure: ApiFailure | null }>({ list: null, failure: null });
/** The member's channel subscriptions (SPEC §4 statuses). */
export const $subscriptions: ReadableAtom<{ list: Subscription[] | null; failure: ApiFailure | null }> = subscriptions;

export async function loadSubscriptions(): Promise<void> {
  const r = await subscriptionApi.list();
  if (r.ok) subscriptions.setKey('list', r.value.list);
  else subscriptions.setKey('failure', r.failure);
}

async function changeSubscription(run: () => Promise<ApiResult<unknown>>): Promise<void> {
  subscriptions.setKey('failure', null);
  const r = await run();
  if (!r.ok) return subscriptions.setKey('failure', r.failure);
  await loadSubscriptions();
}

/** A monthly plan stops renewing at the end of its period. */
export function cancelRenewal(subscriptionId: number): Promise<void> {
  return changeSubscription(() => subscriptionApi.cancelRenewal(subscriptionId));
}

export function unsubscribe(subscriptionId: number): Promise<void> {
  return changeSubscription(() => subscriptionApi.unsubscribe(subscriptionId));
}
