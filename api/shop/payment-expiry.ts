/**
 * Abandoned payments end instead of staying "in progress" for good (docs/LEDGER.md "Expiry"): a
 * payment still 0 or 1 PAYMENT_WINDOW_TTL_MS after it started, or still 2 VIRTUAL_ACCOUNT_GRACE_MS
 * after its account's deadline, is asked about once more (a payment whose webhook was lost is
 * credited here) and otherwise closed at the gateway and moved to 7 (cancelled, `expired`). The same
 * run finishes the refunds whose hold went stale (./payment-refund.ts). Safe to run in every process
 * at once: each payment moves under its row lock, and closing or cancelling twice is fine.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/index.ts';
import type { PaymentGateway, VirtualAccount } from '../providers/payment/gateway.ts';
import { VIRTUAL_ACCOUNT_VALID_HOURS } from '../providers/payment/checkout.ts';
import { applyTransition } from './payment-flow.ts';
import { finishStaleRefunds, type RefundSweepReport } from './payment-refund.ts';
import { settlePayment } from './payment-settle.ts';

/** How long a buyer has to finish PortOne's window. */
export const PAYMENT_WINDOW_TTL_MS = 60 * 60_000;
/** How long after a virtual account's deadline a late deposit notice is still waited for. */
export const VIRTUAL_ACCOUNT_GRACE_MS = 60 * 60_000;
/** Payments looked at per run; the next run takes the rest. */
const EXPIRY_BATCH = 100;

export interface ExpiryReport {
  expired: number;
  settled: number;
  unreachable: number;
  refunds: RefundSweepReport;
}

function deadline(p: typeof payments.$inferSelect): number {
  if (p.status !== 2) return p.createdAt.getTime() + PAYMENT_WINDOW_TTL_MS;
  const due = Date.parse((p.virtualAccount as VirtualAccount | null)?.expiresAt ?? '');
  const issued = Number.isNaN(due) ? p.createdAt.getTime() + VIRTUAL_ACCOUNT_VALID_HOURS * 3_600_000 : due;
  return issued + VIRTUAL_ACCOUNT_GRACE_MS;
}

export async function expireAbandoned(db: Db, gateway: PaymentGateway, now: Date): Promise<ExpiryReport> {
  const report: ExpiryReport = {
    expired: 0,
    settled: 0,
    unreachable: 0,
    refunds: await finishStaleRefunds(db, gateway, now),
  };
  const candidates = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'luv'),
        inArray(payments.status, [0, 1, 2]),
        lt(payments.createdAt, new Date(now.getTime() - PAYMENT_WINDOW_TTL_MS)),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(EXPIRY_BATCH);
  for (const p of candidates) {
    if (deadline(p) > now.getTime()) continue;
    const settled = await settlePayment(db, gateway, p.id, 'expiry');
    if (!settled.ok) {
      if (settled.code === 'gateway_unavailable') report.unreachable++;
      continue;
    }
    // It moved now (paid, failed, or a virtual account issued late that has its own deadline).
    if (settled.changed) {
      report.settled++;
      continue;
    }
    if (p.status === 2) {
      const closed = await gateway.cancel({
        paymentId: p.id,
        amountWon: 0,
        reason: 'the deposit deadline passed',
        requester: 'ADMIN',
      });
      if (!closed.ok && closed.code === 'gateway_unavailable') {
        report.unreachable++;
        continue;
      }
    }
    const r = await applyTransition(db, p.id, { kind: 'cancelled', code: 'expired', note: null }, 'expiry');
    if (r.ok && r.changed) report.expired++;
  }
  return report;
}
