/**
 * What a gateway report means for one of our payments (docs/LEDGER.md "PortOne V2 flow"): the
 * state machine applies verdicts, never a browser's or a webhook body's word.
 *
 *   ready                        → pending          (stays 1: the buyer has not finished)
 *   virtual_account_issued, KRW, the expected amount → issued (2: awaiting the deposit)
 *   paid, KRW, total = expected and fully paid → paid (9: credit once)
 *   paid any other way           → amount_mismatch  (cancel at the gateway, record 8; 6 for a deposit)
 *   failed                       → failed (8)   ·   not_found → unknown
 *   cancelled                    → cancelled (7), or the given-back mismatch it was (8, 6 for a deposit)
 */
import type { PaymentReport, VirtualAccount } from './gateway.ts';

export type Verdict =
  | { kind: 'pending' }
  /** A virtual account awaits the deposit; `account` is what the buyer pays into. */
  | { kind: 'issued'; account: VirtualAccount | null }
  | { kind: 'paid'; amountWon: number }
  /**
   * `deposit`: it was a virtual-account deposit (status 6), else an approval error (8). `amountWon` is what to give
   * back.
   */
  | { kind: 'amount_mismatch'; amountWon: number; deposit: boolean; note: string }
  | { kind: 'failed'; note: string }
  /**
   * Cancelled at the gateway. `otherAmount` notes a payment of another amount that was given back
   * (the cancellation of a mismatch, which may be seen before the mismatch itself is recorded).
   */
  | { kind: 'cancelled'; otherAmount: string | null }
  | { kind: 'unknown' };

const VIRTUAL_ACCOUNT = 'PaymentMethodVirtualAccount';

export function verdictOf(report: PaymentReport, expectedWon: number): Verdict {
  switch (report.status) {
    case 'not_found':
      return { kind: 'unknown' };
    case 'ready':
      return { kind: 'pending' };
    case 'virtual_account_issued':
      // An account issued for another amount is refused before any deposit.
      return report.currency === 'KRW' && report.amountWon === expectedWon
        ? { kind: 'issued', account: report.account }
        : {
            kind: 'amount_mismatch',
            amountWon: 0,
            deposit: false,
            note: `account issued for ${report.amountWon} ${report.currency}, expected ${expectedWon} KRW`,
          };
    case 'paid': {
      const whole =
        report.currency === 'KRW' &&
        report.amountWon === expectedWon &&
        report.paidWon + report.discountWon === report.amountWon;
      if (whole) return { kind: 'paid', amountWon: report.amountWon };
      return {
        kind: 'amount_mismatch',
        amountWon: report.paidWon,
        deposit: report.methodType === VIRTUAL_ACCOUNT,
        note: `paid ${report.paidWon} of ${report.amountWon} ${report.currency}, expected ${expectedWon} KRW`,
      };
    }
    case 'failed':
      return { kind: 'failed', note: report.note };
    case 'cancelled': {
      const other =
        report.cancelledWon > 0 && (report.amountWon !== expectedWon || report.cancelledWon !== expectedWon);
      return {
        kind: 'cancelled',
        otherAmount: other
          ? `paid ${report.cancelledWon} of ${report.amountWon} KRW, expected ${expectedWon} KRW; given back`
          : null,
      };
    }
  }
}
