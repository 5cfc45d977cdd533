/** The payout preview: gross luv → won at the rate, minus platform fee, minus withholding tax. */
import { PAYOUT_RATE_WON_PER_LUV, PLATFORM_FEE_BP, TAX_ROUNDING_WON, WITHHOLDING_TAX_BP } from '../ledger/settings.ts';

export interface Payout {
  luv: number;
  rateWonPerLuv: number;
  grossWon: number;
  feeWon: number;
  taxWon: number;
  netWon: number;
}

/**
 * Integer-only and deterministic: fee = ⌊gross × fee bp / 10000⌋, tax = ⌊(gross − fee) × tax bp /
 * 10000⌋ cut to 10 won, net = gross − fee − tax, so fee + tax + net = gross exactly.
 */
export function payoutPreview(luv: number, rateWonPerLuv = PAYOUT_RATE_WON_PER_LUV): Payout {
  const grossWon = luv * rateWonPerLuv;
  const feeWon = Math.floor((grossWon * PLATFORM_FEE_BP) / 10_000);
  const taxable = grossWon - feeWon;
  const taxWon = Math.floor((taxable * WITHHOLDING_TAX_BP) / 10_000 / TAX_ROUNDING_WON) * TAX_ROUNDING_WON;
  return { luv, rateWonPerLuv, grossWon, feeWon, taxWon, netWon: grossWon - feeWon - taxWon };
}
