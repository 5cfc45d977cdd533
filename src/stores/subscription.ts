/**
 * A paid subscription to the channel on screen (SPEC §4 statuses, §9 prices; docs/LEDGER.md
 * "Subscriptions"): its state, the subscribe dialog, and renewal cancel. Subscribing charges the
 * member's registered card; without one, PortOne's card window (the simulator's in development)
 * opens first, and the page comes back with `?billingKey=`: resumeAfterCard() registers the card
 * and finishes the subscription the member chose, with the same Idempotency-Key.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { ChannelSubscription } from '../../domain/answers/channels.ts';
import type { Subscription } from '../../domain/answers/subscriptions.ts';
import type { ApiFailure } from '../lib/api-client.ts';
import { openBillingKeyWindow, returnUrl } from '../lib/portone-window.ts';
import { subscriptionApi } from './subscription-api.ts';

export type { ChannelSubscription } from '../../domain/answers/channels.ts';
export type { Subscription } from '../../domain/answers/subscriptions.ts';

export type Plan = 'monthly' | '1month' | '3months';
/** SPEC §9: monthly and 1 month 3,300 won, 3 months 9,900 won (the API answers the same prices). */
export const PLAN_PRICES_WON: Record<Plan, number> = { monthly: 3300, '1month': 3300, '3months': 9900 };
export const PLANS: Plan[] = ['monthly', '1month', '3months'];

export interface SubscriptionState {
  channelId: number | null;
  count: number;
  mine: Subscription | null;
  dialogOpen: boolean;
  plan: Plan;
  /** Whether a card is registered; null until read. */
  card: boolean | null;
  busy: boolean;
  /** The subscription just started (the dialog says so). */
  started: boolean;
  /** The card window came back without a card (closed, or PortOne's refusal). */
  cardWindowMessage: string | null;
  failure: ApiFailure | null;
}

const initial: SubscriptionState = {
  channelId: null,
  count: 0,
  mine: null,
  dialogOpen: false,
  plan: 'monthly',
  card: null,
  busy: false,
  started: false,
  cardWindowMessage: null,
  failure: null,
};
const state = map<SubscriptionState>({ ...initial });
export const $subscription: ReadableAtom<SubscriptionState> = state;

/** Running now: subscribed (1) or renewal cancelled (5, to the period's end). */
export const isRunning = (s: Subscription | null): boolean => s !== null && (s.status === 1 || s.status === 5);

/** The channel page's answer for `channelId` (count, the member's own). */
export function showChannelSubscription(channelId: number, seed: ChannelSubscription | undefined): void {
  const s = state.get();
  if (s.channelId === channelId && s.busy) return;
  state.set({ ...s, channelId, count: seed?.count ?? 0, mine: seed?.mine ?? null });
}

export function openSubscribe(): void {
  state.set({ ...state.get(), dialogOpen: true, started: false, failure: null, cardWindowMessage: null });
  void loadCard();
}

export function closeSubscribe(): void {
  state.setKey('dialogOpen', false);
}

export function choosePlan(plan: Plan): void {
  state.setKey('plan', plan);
}

async function loadCard(): Promise<void> {
  const r = await subscriptionApi.cardRegistered();
  // Unknown counts as none: the card window then asks for one.
  state.setKey('card', r.ok ? r.value.registered : false);
}

const PENDING_KEY = 'flx.subscription.pending';
interface Pending {
  channelId: number;
  plan: Plan;
  key: string;
}

function readPending(): Pending | null {
  try {
    const p = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
    return p && Number.isInteger(p.channelId) && PLANS.includes(p.plan) && typeof p.key === 'string' ? p : null;
  } catch {
    return null;
  }
}

async function busyWith(run: () => Promise<ApiFailure | null>): Promise<void> {
  state.set({ ...state.get(), busy: true, failure: null });
  const failure = await run();
  state.set({ ...state.get(), busy: false, failure });
}

/** Subscribes with the pending intent: one Idempotency-Key per intent, kept across retries. */
async function subscribeWith(pending: Pending): Promise<ApiFailure | null> {
  const r = await subscriptionApi.subscribe({ channelId: pending.channelId, plan: pending.plan }, pending.key);
  if (!r.ok && r.failure.status === 0) return r.failure;
  sessionStorage.removeItem(PENDING_KEY);
  if (!r.ok) return r.failure;
  const s = state.get();
  state.set({
    ...s,
    mine: r.value.subscription,
    count: s.count + (isRunning(s.mine) ? 0 : 1),
    started: true,
    dialogOpen: true,
  });
  return null;
}

/** Subscribes to the channel on screen with the chosen plan; registers a card first when none is. */
export function subscribe(): Promise<void> {
  const { channelId, plan, card } = state.get();
  if (channelId === null) return Promise.resolve();
  const earlier = readPending();
  const pending: Pending =
    earlier && earlier.channelId === channelId && earlier.plan === plan
      ? earlier
      : { channelId, plan, key: crypto.randomUUID() };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  return busyWith(async () => {
    if (card) return subscribeWith(pending);
    const r = await subscriptionApi.cardRequest();
    if (!r.ok) return r.failure;
    let back: { billingKey: string | null; message: string | null } | null;
    try {
      back = await openBillingKeyWindow(r.value.request, r.value.browserSdkUrl, returnUrl());
    } catch (error) {
      // The window never opened (its script did not load): no card, nothing charged.
      back = { billingKey: null, message: error instanceof Error ? error.message : null };
    }
    // A window that returns (iframe, popup) answers here; a redirection window comes back to the page.
    return back ? afterCard(back) : null;
  });
}

async function afterCard(back: { billingKey: string | null; message: string | null }): Promise<ApiFailure | null> {
  const pending = readPending();
  if (!back.billingKey) {
    sessionStorage.removeItem(PENDING_KEY);
    state.set({ ...state.get(), dialogOpen: true, cardWindowMessage: back.message || '' });
    return null;
  }
  const r = await subscriptionApi.registerCard(back.billingKey);
  if (!r.ok) return r.failure;
  state.set({ ...state.get(), card: true, dialogOpen: true });
  if (!pending) return null;
  state.setKey('plan', pending.plan);
  return subscribeWith(pending);
}

/**
 * Back from PortOne's card window (`search` is the page's query, `?billingKey=` or `?code=&message=`
 * with `transactionType=ISSUE_BILLING_KEY`): registers the card and subscribes. False when the
 * address carries no such result.
 */
export function resumeAfterCard(search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.get('transactionType') !== 'ISSUE_BILLING_KEY') return false;
  history.replaceState(history.state, '', returnUrl());
  void busyWith(() => afterCard({ billingKey: params.get('billingKey'), message: params.get('message') }));
  return true;
}

/** Stops the monthly subscription on screen from renewing (status 5: it runs to its period's end). */
export function cancelRenewal(): Promise<void> {
  const mine = state.get().mine;
  if (!mine) return Promise.resolve();
  return busyWith(async () => {
    const r = await subscriptionApi.cancelRenewal(mine.subscriptionId);
    if (!r.ok) return r.failure;
    state.setKey('mine', r.value.subscription);
    return null;
  });
}
