/**
 * The card a member registers for subscription renewals (PortOne billing key): issued in the
 * gateway's window (`billingKeyRequest()`), then checked with the gateway, whose word alone says
 * the key is issued and belongs to this member (`customerId`), before it is stored. One per
 * member; a new one replaces the old, which is deleted at the gateway.
 */
import { eq } from 'drizzle-orm';
import { memberBillingKeys } from '../db/schema/index.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import type { Executor } from '../ledger/transfer.ts';

export type RegisterResult =
  | { ok: true; registeredAt: string }
  | { ok: false; code: 'billing_key_invalid' | 'gateway_unavailable' };

export async function billingKeyOf(
  ex: Executor,
  memberId: number,
): Promise<{ billingKey: string; updatedAt: Date } | null> {
  const [row] = await ex.select().from(memberBillingKeys).where(eq(memberBillingKeys.memberId, memberId));
  return row ?? null;
}

export async function registerBillingKey(
  ex: Executor,
  gateway: PaymentGateway,
  memberId: number,
  billingKey: string,
): Promise<RegisterResult> {
  const known = await gateway.billingKey(billingKey);
  if (!known.ok) return { ok: false, code: 'gateway_unavailable' };
  if (known.report.status !== 'issued' || known.report.customerId !== String(memberId))
    return { ok: false, code: 'billing_key_invalid' };
  const old = await billingKeyOf(ex, memberId);
  const now = new Date();
  await ex
    .insert(memberBillingKeys)
    .values({ memberId, billingKey, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: memberBillingKeys.memberId, set: { billingKey, updatedAt: now } });
  // The replaced card stops charging; a failure here leaves a key nobody uses, not a wrong charge.
  if (old && old.billingKey !== billingKey) await gateway.deleteBillingKey(old.billingKey);
  return { ok: true, registeredAt: now.toISOString() };
}

export async function removeBillingKey(
  ex: Executor,
  gateway: PaymentGateway,
  memberId: number,
): Promise<{ ok: true } | { ok: false; code: 'gateway_unavailable' }> {
  const old = await billingKeyOf(ex, memberId);
  if (!old) return { ok: true };
  const deleted = await gateway.deleteBillingKey(old.billingKey);
  if (!deleted.ok) return { ok: false, code: 'gateway_unavailable' };
  await ex.delete(memberBillingKeys).where(eq(memberBillingKeys.memberId, memberId));
  return { ok: true };
}
