/**
 * Money settings only the API needs (docs/LEDGER.md "Settings"): payout rates and fees. Unit last
 * in every name. Rates are won per luv; percentages are basis points so every computation stays in
 * integers. Limits a form also checks (gift amounts, withdrawal minimum …) are in domain/limits.ts.
 */

/** Calendar days and months of the caps follow Korean time. */
export const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Won paid per received luv before fees. */
export const PAYOUT_RATE_WON_PER_LUV = 100;
export const PLATFORM_FEE_BP = 3_000;
/** Korean withholding on freelance income: 3.3 % (3 % income tax + 0.3 % local tax). */
export const WITHHOLDING_TAX_BP = 330;
/** Tax is cut down to whole 10 won, as Korean tax amounts are. */
export const TAX_ROUNDING_WON = 10;

export const EXCHANGE_EVENT_RATE_WON_PER_LUV = 110;

/** Bank of the fixed payout account used in the embedded or special mode (SPEC §9; value configured by env). */
export const FIXED_BANK_ENV = {
  code: 'FIXED_PAYOUT_BANK_CODE',
  account: 'FIXED_PAYOUT_BANK_ACCOUNT',
  holder: 'FIXED_PAYOUT_BANK_HOLDER',
} as const;

export interface BankAccount {
  bankCode: string;
  bankAccount: string;
  bankHolderName: string;
}

/** The fixed payout account of the embedded or special mode, when the operator configured one. */
export function fixedPayoutAccount(env: NodeJS.ProcessEnv = process.env): BankAccount | null {
  const bankCode = env[FIXED_BANK_ENV.code];
  const bankAccount = env[FIXED_BANK_ENV.account];
  const bankHolderName = env[FIXED_BANK_ENV.holder];
  return bankCode && bankAccount && bankHolderName ? { bankCode, bankAccount, bankHolderName } : null;
}
