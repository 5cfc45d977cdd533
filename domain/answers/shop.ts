/** Answers of the luv shop and payments (`/api/shoppings/*`, api/shop/). */
import * as v from 'valibot';
import { instant, int } from './fields.ts';

/** A luv product on sale. */
export const product = v.object({ productId: int, luv: int, priceWon: int });
export type Product = v.InferOutput<typeof product>;

/** `GET /api/shoppings/luv/products`: what is on sale, and whether this deployment takes payments. */
export const products = v.object({
  products: v.array(product),
  payments: v.object({ available: v.boolean(), gateway: v.nullable(v.string()) }),
});
export type Products = v.InferOutput<typeof products>;

/** The account a virtual-account payment is paid into (api/providers/payment/gateway.ts). */
export const virtualAccount = v.object({
  bank: v.nullable(v.string()),
  accountNumber: v.string(),
  holder: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
});
type VirtualAccount = v.InferOutput<typeof virtualAccount>;

/** A payment as the API shows it (api/shop/payment-flow.ts `paymentView()`). */
export const payment = v.object({
  paymentId: v.string(),
  /** 1 started, 2 waiting for a deposit, 9 approved, 8 cancelled … (SPEC §3). */
  status: int,
  productId: v.nullable(int),
  method: v.string(),
  luv: int,
  amountWon: int,
  /** Why it ended without credit: pg_failed, amount_mismatch, wrong_deposit, expired, closed, refunded. */
  failureCode: v.nullable(v.string()),
  failureNote: v.nullable(v.string()),
  /** While the payment is 2: the account to pay into. */
  virtualAccount: v.nullable(virtualAccount),
  createdAt: instant,
  approvedAt: v.nullable(instant),
  cancelledAt: v.nullable(instant),
  /** Approved, and its refund waits for the payment company: the luv is held meanwhile. */
  refundPending: v.boolean(),
  /** Only in `GET /api/shoppings/flax/payments` (all my payments): `luv` or `subscription`. */
  purpose: v.optional(v.string()),
});
export type Payment = v.InferOutput<typeof payment>;

/** `POST /api/shoppings/luv/payments`: what the payment window needs. */
export const paymentStarted = v.object({
  paymentId: v.string(),
  status: v.literal(1),
  luv: int,
  amountWon: int,
  gateway: v.string(),
  /** The argument of PortOne's requestPayment(). */
  checkout: v.looseObject({}),
  /** Development: the simulator's stand-in for PortOne's browser SDK script. */
  browserSdkUrl: v.nullable(v.string()),
});
export type PaymentStarted = v.InferOutput<typeof paymentStarted>;

/** `GET /api/shoppings/luv/payments/{id}` and `POST …/complete`: the payment and, once approved, its purchase. */
export const paymentRead = v.object({
  payment,
  purchase: v.nullable(v.object({ transactionId: v.string(), value: int, currency: v.literal('KRW') })),
});
export type PaymentRead = v.InferOutput<typeof paymentRead>;

/** `POST /api/shoppings/flax/payments-cancel`. */
export const paymentCancelled = v.object({ payment });
export type PaymentCancelled = v.InferOutput<typeof paymentCancelled>;

/** `POST /api/shoppings/useCoupon`: the luv credited and the wallet afterwards. */
export const couponUsed = v.object({ luv: int, balance: int });
export type CouponUsed = v.InferOutput<typeof couponUsed>;

/** `GET /v2/api/guest/payment-failure?paymentId` (api/shop/payment-failure-routes.ts): why one of my payments ended. */
export const paymentFailure = v.object({
  paymentId: v.string(),
  status: int,
  failureCode: v.nullable(v.string()),
  failureNote: v.nullable(v.string()),
  /** The failure in the caller's language; null without a failure code. */
  message: v.nullable(v.string()),
});
export type PaymentFailure = v.InferOutput<typeof paymentFailure>;
