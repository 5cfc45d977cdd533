/** Coupons: a coupon number credits its luv once (issuance → wallet); the row is claimed before the money moves. */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { coupons } from '../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, type AccountIds } from '../ledger/accounts.ts';
import { postTransfers, type Executor } from '../ledger/transfer.ts';

export interface CouponAccounts {
  wallet: number;
  issuance: number;
}

/** Opens (outside the transaction) the two accounts a coupon touches. */
export async function couponAccounts(ids: AccountIds, memberId: number): Promise<CouponAccounts> {
  return {
    wallet: await ids.of(AccountKind.wallet, memberId, LUV),
    issuance: await ids.of(AccountKind.issuance, SYSTEM, LUV),
  };
}

/** `balance`: the member's luv afterwards. */
export type CouponResult =
  | { ok: true; luv: number; balance: number }
  | { ok: false; code: 'coupon_not_found' }
  | { ok: false; code: 'coupon_used' };

/** Redeems coupon `code` (upper case) for the member; of two concurrent redemptions one wins. */
export async function redeemCoupon(
  tx: Executor,
  accounts: CouponAccounts,
  memberId: number,
  code: string,
  now: Date,
): Promise<CouponResult> {
  const [claimed] = await tx
    .update(coupons)
    .set({ usedBy: memberId, usedAt: now })
    .where(
      and(eq(coupons.code, code), isNull(coupons.usedBy), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))),
    )
    .returning();
  if (!claimed) {
    const [exists] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code));
    return { ok: false, code: exists ? 'coupon_used' : 'coupon_not_found' };
  }
  const posted = await postTransfers(tx, [
    {
      debit: accounts.issuance,
      credit: accounts.wallet,
      amount: claimed.luv,
      asset: LUV,
      code: TransferCode.coupon,
      ref: `coupon:${code}`,
    },
  ]);
  if (!posted.ok) throw new Error('ledger: issuance cannot run out');
  return { ok: true, luv: claimed.luv, balance: posted.balances.get(accounts.wallet)! };
}
