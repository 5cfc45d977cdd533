import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodStarts } from '../ledger/caps.ts';
import { payoutPreview } from './payout.ts';
import { WITHDRAW_MAX_LUV } from '../../domain/limits.ts';
import { PAYOUT_RATE_WON_PER_LUV } from '../ledger/settings.ts';

describe('payoutPreview', () => {
  it('breaks 1,000 luv into gross, 30 % fee, 3.3 % tax cut to 10 won, and net', () => {
    expect(payoutPreview(1000)).toEqual({
      luv: 1000,
      rateWonPerLuv: PAYOUT_RATE_WON_PER_LUV,
      grossWon: 100_000,
      feeWon: 30_000,
      taxWon: 2310,
      netWon: 67_690,
    });
  });

  it('always sums exactly, in integers, with tax in whole 10 won, and never pays less for more luv', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: WITHDRAW_MAX_LUV - 1 }), (luv) => {
        const p = payoutPreview(luv);
        for (const v of Object.values(p)) expect(Number.isSafeInteger(v)).toBe(true);
        expect(p.feeWon + p.taxWon + p.netWon).toBe(p.grossWon);
        expect(p.taxWon % 10).toBe(0);
        expect(p.netWon).toBeGreaterThan(0);
        expect(payoutPreview(luv + 1).netWon).toBeGreaterThanOrEqual(p.netWon);
        expect(payoutPreview(luv)).toEqual(p);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('periodStarts (Korean calendar days and months)', () => {
  it('starts the day at 00:00 KST, which is 15:00 UTC the day before', () => {
    // 23:59:59 KST on 28 February, then midnight KST of 1 March.
    const { day, month } = periodStarts(new Date('2026-02-28T14:59:59Z'));
    expect(day.toISOString()).toBe('2026-02-27T15:00:00.000Z');
    expect(month.toISOString()).toBe('2026-01-31T15:00:00.000Z');
    const next = periodStarts(new Date('2026-02-28T15:00:00Z'));
    expect(next.day.toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(next.month.toISOString()).toBe('2026-02-28T15:00:00.000Z');
  });
});
