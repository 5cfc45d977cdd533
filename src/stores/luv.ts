/**
 * The member's luv on this page: one `$luvBalance` every island reads (gift dialog, shop, my luv),
 * and the gift dialog, opened from any island with openGift(). The shop is luv-shop.ts. Money
 * calls carry the Idempotency-Key of their intent (intentKey()).
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import { GIFT_AMOUNT_MAX_LUV, GIFT_CONFIRM_THRESHOLD_LUV } from '../../domain/limits.ts';
import type { LuvGiftSent } from '../../domain/answers/gifts.ts';
import type { LuvBalance } from '../../domain/answers/wallet.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

/**
 * One Idempotency-Key per user intent: the same request sent again (after a network failure, a
 * double click) reuses its key; another request, or any request after an answer, gets a new one.
 */
export function intentKey(): { for: (request: unknown) => string; settle: () => void } {
  let key = '';
  let sent = '';
  return {
    for(request) {
      const body = JSON.stringify(request);
      if (!key || body !== sent) {
        key = crypto.randomUUID();
        sent = body;
      }
      return key;
    },
    settle: () => void (key = ''),
  };
}

const balance = atom<number | null>(null);
/** The member's luv balance; null until read (or when it could not be read). */
export const $luvBalance: ReadableAtom<number | null> = balance;

/** Reads the balance; on failure it is unknown (null) and the failure is answered. */
export async function loadBalance(): Promise<ApiFailure | null> {
  const r = await apiResult<LuvBalance>('/api/my/luv/luv-sum');
  balance.set(r.ok ? r.value.luv : null);
  return r.ok ? null : r.failure;
}

export interface GiftTarget {
  channelId: number;
  /** The BJ's nickname, as the dialog names them (never their login ID). */
  nickname: string;
  /** The BJ's one-tap amounts (SPEC §3 channel presets); a tap fills the amount. */
  presets?: readonly number[];
}

export interface GiftState {
  target: GiftTarget | null;
  /** Counts openGift() calls: the dialog shows itself on each. */
  opened: number;
  amount: string;
  message: string;
  /** Confirmations given so far for a gift at or above the threshold (two are needed). */
  confirmations: number;
  busy: boolean;
  /** The amount of the gift just sent. */
  sent: number | null;
  failure: ApiFailure | null;
}

const gift = map<GiftState>({
  target: null,
  opened: 0,
  amount: '',
  message: '',
  confirmations: 0,
  busy: false,
  sent: null,
  failure: null,
});
export const $gift: ReadableAtom<GiftState> = gift;
const giftKey = intentKey();

/**
 * The amount typed, as a number, whether the API would take it (whole luv from 1 to
 * GIFT_AMOUNT_MAX_LUV, as domain/schemas/gift.ts) and how many confirmations it needs (at or above
 * GIFT_CONFIRM_THRESHOLD_LUV, as its needsConfirmation). The limits rather than the schema module:
 * importing that would bring valibot to every channel page for one range check.
 */
export function giftAmount(amount: string): { n: number; valid: boolean; needs: number } {
  const n = Number(amount);
  return {
    n,
    valid: /^\d+$/.test(amount) && n >= 1 && n <= GIFT_AMOUNT_MAX_LUV,
    needs: n >= GIFT_CONFIRM_THRESHOLD_LUV ? 2 : 0,
  };
}

/** Opens the gift dialog for a channel (the channel header's gift button); reads the balance. */
export function openGift(target: GiftTarget): void {
  giftKey.settle();
  gift.set({
    target,
    opened: gift.get().opened + 1,
    amount: '',
    message: '',
    confirmations: 0,
    busy: false,
    sent: null,
    failure: null,
  });
  void loadBalance();
}

/** What the viewer types; another amount asks for the confirmations again. */
export function editGift(patch: { amount?: string; message?: string }): void {
  const s = gift.get();
  gift.set({ ...s, ...patch, confirmations: patch.amount === undefined ? s.confirmations : 0 });
}

/**
 * Sends the gift, after two confirmations at or above the threshold (each call before that
 * counts one). A refusal settles the key; a network failure keeps it for the retry.
 */
export async function sendGift(): Promise<void> {
  const s = gift.get();
  const { n, valid, needs } = giftAmount(s.amount);
  if (!s.target || !valid || s.busy) return;
  if (s.confirmations < needs) return gift.setKey('confirmations', s.confirmations + 1);
  gift.set({ ...s, busy: true, failure: null });
  const body = {
    channelId: s.target.channelId,
    amount: n,
    message: s.message.trim(),
    ...(needs ? { confirmations: 2 } : {}),
  };
  const r = await apiResult<LuvGiftSent>('/api/lives/send-luv', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': giftKey.for(body) },
    silent: true,
  });
  if (r.ok || r.failure.status !== 0) giftKey.settle();
  if (!r.ok) return gift.set({ ...gift.get(), busy: false, failure: r.failure });
  balance.set(r.value.luv);
  gift.set({ ...gift.get(), busy: false, sent: n, amount: '', message: '', confirmations: 0 });
}

/** Sets the balance from an answer that carries it (a coupon, a gift). */
export function setBalance(luv: number): void {
  balance.set(luv);
}
