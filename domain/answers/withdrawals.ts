/** Answers of withdrawals (`/api/my/luv/withdraw*`, `payout-preview`, `/api/my/banks`; api/withdrawals/). */
import * as v from 'valibot';
import { instant, int } from './fields.ts';

/** A withdrawal or an exchange as the API shows it (api/withdrawals/withdrawal-flow.ts `withdrawalView()`). */
export const withdrawal = v.object({
  withdrawId: int,
  /** `withdraw` or `exchange`. */
  kind: v.string(),
  amount: int,
  /** `pending`, then `approved`, `cancelled` or `failed`. */
  status: v.string(),
  rateWonPerLuv: int,
  grossWon: int,
  feeWon: int,
  taxWon: int,
  netWon: int,
  bankCode: v.string(),
  /** Masked: all but the last four characters are `*`. */
  bankAccount: v.string(),
  createdAt: instant,
  settledAt: v.nullable(instant),
});
export type Withdrawal = v.InferOutput<typeof withdrawal>;

/** `POST /api/my/luv/withdraw` and `/exchange/apply`: the withdrawal, and the BJ's withdrawable luv afterwards. */
export const withdrawalMade = v.object({ withdrawal, received: int });
export type WithdrawalMade = v.InferOutput<typeof withdrawalMade>;

/** `POST /api/my/luv/withdraw-cancel`. */
export const withdrawalCancelled = v.object({ withdrawal });
export type WithdrawalCancelled = v.InferOutput<typeof withdrawalCancelled>;

/** `GET /api/my/luv/waiting`: my waiting withdrawals and the luv they hold. */
export const waitingWithdrawals = v.object({ list: v.array(withdrawal), luv: int });
export type WaitingWithdrawals = v.InferOutput<typeof waitingWithdrawals>;

/** `GET /api/my/luv/payout-preview` (api/withdrawals/payout.ts `payoutPreview()` and the minimum). */
export const payout = v.object({
  luv: int,
  rateWonPerLuv: int,
  grossWon: int,
  feeWon: int,
  taxWon: int,
  netWon: int,
  minimumLuv: int,
});
export type Payout = v.InferOutput<typeof payout>;

/** `GET /api/my/banks`: the banks a payout account may be at. */
export const payoutBanks = v.object({
  list: v.array(v.object({ bankCode: v.string(), name: v.string(), nameEn: v.string() })),
});
export type PayoutBanks = v.InferOutput<typeof payoutBanks>;

/** `POST /api/cs/accountChange` (api/withdrawals/payout-account-routes.ts): the new account, masked. */
export const payoutAccountChanged = v.object({
  ok: v.literal(true),
  bankCode: v.string(),
  bankHolderName: v.string(),
  bankAccount: v.string(),
});
export type PayoutAccountChanged = v.InferOutput<typeof payoutAccountChanged>;
