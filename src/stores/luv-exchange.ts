/**
 * The exchange event of a BJ (SPEC §7 "Exchange event", docs/LEDGER.md): its rate, total and the
 * luv applied so far, the BJ's received luv, applying with an amount (one Idempotency-Key per
 * intent) and the BJ's applications. Only brands with `features.exchangeEvent` build its page.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../lib/api-client.ts';
import { intentKey } from './luv.ts';
import { luvApi, type Withdrawal } from './luv-api.ts';

export interface ExchangeEvent {
  rateWonPerLuv: number;
  totalLuv: number;
  nowLuv: number;
}

export interface ExchangeState {
  /** Null until read. */
  event: ExchangeEvent | null;
  /** Received luv the BJ can exchange; null until read. */
  received: number | null;
  /** The BJ's applications, newest first; null until read. */
  list: Withdrawal[] | null;
  busy: boolean;
  failure: ApiFailure | null;
  /** The amount of the application just made. */
  applied: number | null;
}

const exchange = map<ExchangeState>({
  event: null,
  received: null,
  list: null,
  busy: false,
  failure: null,
  applied: null,
});
export const $exchange: ReadableAtom<ExchangeState> = exchange;
const applyKey = intentKey();

/** Reads the event, the received luv and the applications; answers the first failure. */
async function readAll(): Promise<ApiFailure | null> {
  const [rate, total, now, received, status] = await Promise.all([
    luvApi.exchangeRate(),
    luvApi.exchangeTotal(),
    luvApi.exchangeNow(),
    luvApi.received(),
    luvApi.exchangeStatus(),
  ]);
  if (rate.ok && total.ok && now.ok)
    exchange.setKey('event', {
      rateWonPerLuv: rate.value.rateWonPerLuv,
      totalLuv: total.value.luv,
      nowLuv: now.value.luv,
    });
  if (received.ok) exchange.setKey('received', received.value.luv);
  if (status.ok) exchange.setKey('list', status.value.list);
  return [rate, total, now, received, status].map((r) => (r.ok ? null : r.failure)).find(Boolean) ?? null;
}

/** First read of the page; a failure is shown. */
export async function openExchange(): Promise<void> {
  exchange.setKey('failure', null);
  const failure = await readAll();
  if (failure) exchange.setKey('failure', failure);
}

/** Applies to exchange `amount` received luv at the event rate; true once it is listed. */
export async function applyExchange(amount: number): Promise<boolean> {
  if (exchange.get().busy) return false;
  exchange.set({ ...exchange.get(), busy: true, failure: null, applied: null });
  const r = await luvApi.exchangeApply(amount, applyKey.for(amount));
  if (r.ok || r.failure.status !== 0) applyKey.settle();
  if (!r.ok) {
    exchange.set({ ...exchange.get(), busy: false, failure: r.failure });
    return false;
  }
  const failure = await readAll();
  exchange.set({ ...exchange.get(), busy: false, failure, applied: amount });
  return true;
}
