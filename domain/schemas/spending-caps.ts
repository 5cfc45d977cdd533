/**
 * Viewer spending caps (docs/LEDGER.md "Spending caps"): null is no cap; stricter values apply at once, looser ones a
 * day later.
 */
import * as v from 'valibot';
import { SPENDING_CAP_MAX_LUV } from '../limits.ts';
import { wholeNumber } from './money.ts';

const capLuv = v.nullable(wholeNumber(SPENDING_CAP_MAX_LUV, 0));

export const spendingCapsBody = v.object({ dailyLuv: capLuv, monthlyLuv: capLuv });
