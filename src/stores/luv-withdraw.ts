/**
 * A BJ's withdrawals: received luv, a payout preview that sums exactly, withdraw and cancel, and
 * the payout bank account. Withdrawals carry the Idempotency-Key of their intent.
 */
import { computed, map, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../lib/api-client.ts';
import { $channelSettings, channelSettingsUpdated } from './channel-settings.ts';
import { intentKey } from './luv.ts';
import { luvApi, type Payout, type Withdrawal } from './luv-api.ts';

export type { Payout, Withdrawal };

const WITHDRAWALS_SHOWN = 20;

export interface WithdrawState {
  /** Received luv that can be withdrawn, and luv in withdrawals still pending. */
  held: { luv: number; pending: number } | null;
  list: Withdrawal[];
  /** The breakdown of the amount typed; null while it is not a whole number of at least 1. */
  preview: Payout | null;
  busy: boolean;
  failure: ApiFailure | null;
}

const withdraw = map<WithdrawState>({ held: null, list: [], preview: null, busy: false, failure: null });
export const $withdraw: ReadableAtom<WithdrawState> = withdraw;
const withdrawKey = intentKey();

/** Reads the held luv and the latest withdrawals. */
export async function loadWithdrawals(): Promise<ApiFailure | null> {
  const held = await luvApi.received();
  if (!held.ok) return held.failure;
  withdraw.setKey('held', held.value);
  const list = await luvApi.withdrawals(0, WITHDRAWALS_SHOWN);
  if (!list.ok) return list.failure;
  withdraw.setKey('list', list.value.list);
  return null;
}

/** First read of the page: a failure is shown. */
export async function openWithdrawals(): Promise<void> {
  const failure = await loadWithdrawals();
  if (failure) withdraw.setKey('failure', failure);
}

let previewing = 0;

/** Previews the payout of the amount typed; an answer for an older amount is dropped. */
export async function previewPayout(amount: string): Promise<void> {
  const mine = ++previewing;
  const n = Number(amount);
  if (!/^\d+$/.test(amount) || n < 1) return withdraw.setKey('preview', null);
  const r = await luvApi.payoutPreview(n);
  if (mine === previewing) withdraw.setKey('preview', r.ok ? r.value : null);
}

/** Asks for a withdrawal of `amount` luv; true once it is listed. */
export async function requestWithdrawal(amount: number): Promise<boolean> {
  withdraw.set({ ...withdraw.get(), busy: true, failure: null });
  const r = await luvApi.withdraw(amount, withdrawKey.for(amount));
  if (r.ok || r.failure.status !== 0) withdrawKey.settle();
  const failure = r.ok ? await loadWithdrawals() : r.failure;
  withdraw.set({ ...withdraw.get(), busy: false, failure });
  return r.ok;
}

/** Cancels a pending withdrawal (its key is fixed: cancelling twice is cancelling once). */
export async function cancelWithdrawal(withdrawId: number): Promise<void> {
  withdraw.setKey('failure', null);
  const r = await luvApi.cancelWithdrawal(withdrawId, `cancel-${withdrawId}`);
  withdraw.setKey('failure', r.ok ? await loadWithdrawals() : r.failure);
}

export interface AccountInput {
  phone: string;
  bankCode: string;
  bankHolderName: string;
  bankAccount: string;
}

export interface PayoutAccountState {
  banks: { bankCode: string; name: string; nameEn: string }[];
  /** The masked account number just saved. */
  saved: string | null;
  failure: ApiFailure | null;
}

const account = map<PayoutAccountState>({ banks: [], saved: null, failure: null });
export const $payoutAccount: ReadableAtom<PayoutAccountState> = account;

export async function loadBanks(): Promise<void> {
  const r = await luvApi.banks();
  if (r.ok) account.setKey('banks', r.value.list);
}

/** Saves the payout account (spaces in the phone and account numbers are dropped). */
export async function savePayoutAccount(input: AccountInput): Promise<void> {
  account.set({ ...account.get(), saved: null, failure: null });
  const r = await luvApi.accountChange({
    ...input,
    phone: input.phone.replace(/\s+/g, ''),
    bankAccount: input.bankAccount.replace(/\s+/g, ''),
  });
  if (!r.ok) return account.setKey('failure', r.failure);
  account.setKey('saved', r.value.bankAccount);
  // The account on file is read from the channel settings: read them again.
  channelSettingsUpdated();
}

export interface SavedPayoutAccount {
  bankCode: string;
  bankHolderName: string;
  /** Only the last four digits shown. */
  maskedAccount: string;
}

/** The broadcaster's payout account on file (the channel settings carry it to the owner), or null. */
export const $savedPayoutAccount: ReadableAtom<SavedPayoutAccount | null> = computed($channelSettings, (s) =>
  s?.bank_code && s.bank_account
    ? {
        bankCode: s.bank_code,
        bankHolderName: s.bank_holder_name ?? '',
        maskedAccount: `${'*'.repeat(Math.max(0, s.bank_account.length - 4))}${s.bank_account.slice(-4)}`,
      }
    : null,
);
