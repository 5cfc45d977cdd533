/** The coupons a member redeemed (api/shop/coupon-flow.ts redeems them). */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { RedeemedCoupon } from '../../domain/answers/wallet.ts';
import type { Db } from '../db/client.ts';
import { coupons } from '../db/schema/index.ts';

/** A page of the member's redeemed coupons and the luv each credited, newest first. */
export async function redeemedCoupons(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number },
): Promise<RedeemedCoupon[]> {
  const rows = await db
    .select({ code: coupons.code, luv: coupons.luv, usedAt: coupons.usedAt })
    .from(coupons)
    .where(and(eq(coupons.usedBy, memberId), isNotNull(coupons.usedAt)))
    .orderBy(desc(coupons.usedAt))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((r) => ({ code: r.code, luv: r.luv, usedAt: r.usedAt!.toISOString() }));
}
