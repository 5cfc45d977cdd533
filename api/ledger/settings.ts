/**
 * Money settings (docs/LEDGER.md "Settings"): limits, payout rates, fees. Unit last in every name.
 * Rates are won per luv; percentages are basis points so every computation stays in integers.
 */
export const GIFT_AMOUNT_MAX_LUV = 1_000_000;
export const ITEM_COUNT_MAX = 1_000;
export const GIFT_MESSAGE_LENGTH_MAX = 100;
/** Gifts of at least this many luv need two confirmations (`confirmations: 2`). */
export const GIFT_CONFIRM_THRESHOLD_LUV = 10_000;
export const SPENDING_CAP_MAX_LUV = 100_000_000;
/** A raised cap takes effect after this delay; a lowered one at once. */
export const SPENDING_CAP_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** Calendar days and months of the caps follow Korean time. */
export const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

export const WITHDRAW_MIN_LUV = 1_000;
export const WITHDRAW_MAX_LUV = 10_000_000;
/** Won paid per received luv before fees. */
export const PAYOUT_RATE_WON_PER_LUV = 100;
export const PLATFORM_FEE_BP = 3_000;
/** Korean withholding on freelance income: 3.3 % (3 % income tax + 0.3 % local tax). */
export const WITHHOLDING_TAX_BP = 330;
/** Tax is cut down to whole 10 won, as Korean tax amounts are. */
export const TAX_ROUNDING_WON = 10;

export const EXCHANGE_EVENT_RATE_WON_PER_LUV = 110;
export const EXCHANGE_EVENT_TOTAL_LUV = 5_000_000;

/** Bank of the fixed payout account used in the embedded or special mode (SPEC §9; value configured by env). */
export const FIXED_BANK_ENV = { code: 'FIXED_PAYOUT_BANK_CODE', account: 'FIXED_PAYOUT_BANK_ACCOUNT', holder: 'FIXED_PAYOUT_BANK_HOLDER' } as const;

/** Korean banks offered for payout accounts (code → name). */
export const BANKS = [
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

/** The fixed payout account of the embedded or special mode, when the operator configured one. */
export function fixedPayoutAccount(env: NodeJS.ProcessEnv = process.env): { bankCode: string; bankAccount: string; bankHolderName: string } | null {
  const bankCode = env[FIXED_BANK_ENV.code];
  const bankAccount = env[FIXED_BANK_ENV.account];
  const bankHolderName = env[FIXED_BANK_ENV.holder];
  return bankCode && bankAccount && bankHolderName ? { bankCode, bankAccount, bankHolderName } : null;
}
