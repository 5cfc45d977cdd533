/** The luv shop (docs/LEDGER.md "Buying luv"): starting a payment, cancelling one, coupons. */
import * as v from 'valibot';
import { PaymentMethod } from '../enums.ts';
import { COUPON_NUMBER_LENGTH_MAX, PAYMENT_ID_LENGTH_MAX } from '../limits.ts';
import { recordId } from './money.ts';

export const paymentId = v.pipe(v.string(), v.regex(new RegExp(`^[A-Za-z0-9_-]{1,${PAYMENT_ID_LENGTH_MAX}}$`)));

export const paymentBody = v.object({ productId: recordId, method: v.picklist(Object.values(PaymentMethod)) });

export const paymentCancelBody = v.object({ paymentId });

/** Coupon numbers are letters, digits and hyphens; case and surrounding spaces do not matter. */
export const COUPON_NUMBER_PATTERN = new RegExp(`^[A-Z0-9-]{1,${COUPON_NUMBER_LENGTH_MAX}}$`);
export const couponNumber = v.pipe(
  v.string(),
  v.maxLength(COUPON_NUMBER_LENGTH_MAX * 2),
  v.trim(),
  v.toUpperCase(),
  v.regex(COUPON_NUMBER_PATTERN),
);
export const couponBody = v.object({ couponNumber });

/** A billing key as PortOne issues it (`requestIssueBillingKey()` answers it; the API checks it with PortOne). */
export const billingKeyBody = v.object({ billingKey: v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/)) });
