/**
 * BJ withdrawals (docs/LEDGER.md "Withdrawals"): the payout preview, withdrawing received luv,
 * cancelling a waiting withdrawal, the exchange event, and the payout bank account.
 */
import * as v from 'valibot';
import {
  BANK_ACCOUNT_DIGITS_MAX,
  BANK_ACCOUNT_DIGITS_MIN,
  BANK_HOLDER_NAME_LENGTH_MAX,
  EXCHANGE_EVENT_TOTAL_LUV,
  PAYOUT_PHONE_DIGITS_MAX,
  PAYOUT_PHONE_DIGITS_MIN,
  WITHDRAW_MAX_LUV,
} from '../limits.ts';
import { recordId, wholeNumber, wholeNumberText } from './money.ts';

/** Korean banks offered for payout accounts (`GET /api/my/banks`). */
export const PAYOUT_BANKS = [
  { bankCode: '004', ko: 'KB국민은행', en: 'KB Kookmin Bank' },
  { bankCode: '088', ko: '신한은행', en: 'Shinhan Bank' },
  { bankCode: '020', ko: '우리은행', en: 'Woori Bank' },
  { bankCode: '081', ko: '하나은행', en: 'Hana Bank' },
  { bankCode: '011', ko: 'NH농협은행', en: 'NH NongHyup Bank' },
  { bankCode: '003', ko: 'IBK기업은행', en: 'IBK Industrial Bank' },
  { bankCode: '090', ko: '카카오뱅크', en: 'KakaoBank' },
  { bankCode: '092', ko: '토스뱅크', en: 'Toss Bank' },
  { bankCode: '023', ko: 'SC제일은행', en: 'SC First Bank' },
  { bankCode: '071', ko: '우체국', en: 'Korea Post' },
] as const;

/**
 * A withdrawal's amount: whole luv up to WITHDRAW_MAX_LUV. The minimum (WITHDRAW_MIN_LUV) has its
 * own answer, `below_minimum`, so it is checked after this rule.
 */
export const withdrawAmount = wholeNumber(WITHDRAW_MAX_LUV);

export const payoutPreviewQuery = v.object({ amount: wholeNumberText(WITHDRAW_MAX_LUV) });

export const withdrawBody = v.object({ amount: withdrawAmount });

/** `?app=embedded` pays to the fixed account of the embedded or special mode (SPEC §9). */
export const withdrawQuery = v.object({ app: v.optional(v.pipe(v.string(), v.maxLength(32))) });

export const withdrawCancelBody = v.object({ withdrawId: recordId });

export const exchangeApplyBody = v.object({ amount: wholeNumber(EXCHANGE_EVENT_TOTAL_LUV) });

const withoutSeparators = (s: string) => s.replace(/[\s-]+/g, '');

/** Korean mobile numbers: 01… with PAYOUT_PHONE_DIGITS_MIN to _MAX digits; spaces and hyphens are dropped. */
export const payoutPhone = v.pipe(
  v.string(),
  v.maxLength(32),
  v.transform(withoutSeparators),
  v.regex(new RegExp(`^01\\d{${PAYOUT_PHONE_DIGITS_MIN - 2},${PAYOUT_PHONE_DIGITS_MAX - 2}}$`)),
);

export const bankCode = v.pipe(
  v.string(),
  v.maxLength(16),
  v.transform(withoutSeparators),
  v.picklist(PAYOUT_BANKS.map((b) => b.bankCode)),
);

export const bankAccount = v.pipe(
  v.string(),
  v.maxLength(64),
  v.transform(withoutSeparators),
  v.regex(new RegExp(`^\\d{${BANK_ACCOUNT_DIGITS_MIN},${BANK_ACCOUNT_DIGITS_MAX}}$`)),
);

export const bankHolderName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(BANK_HOLDER_NAME_LENGTH_MAX));

/** `POST /api/cs/accountChange`: `memberId` (id or login ID), when sent, must be the caller's own. */
export const accountChangeBody = v.object({
  memberId: v.optional(v.union([v.number(), v.pipe(v.string(), v.maxLength(64))])),
  phone: payoutPhone,
  bankCode,
  bankHolderName,
  bankAccount,
});
