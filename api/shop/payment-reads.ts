/** Reads of the luv shop: the products on sale and a member's own payments, one or a page of them. */
import { and, desc, eq } from 'drizzle-orm';
import type { Payment, Product } from '../../domain/answers/shop.ts';
import type { Db } from '../db/client.ts';
import { luvProducts, payments } from '../db/schema/index.ts';
import { paymentView, type PaymentRow } from './payment-flow.ts';

export type ProductRow = typeof luvProducts.$inferSelect;

/** Where a page of a list starts and how long it is. */
export interface ListWindow {
  offset: number;
  limit: number;
}

/** The luv products on sale, in shop order. */
export async function productsOnSale(db: Db): Promise<Product[]> {
  const rows = await db.select().from(luvProducts).orderBy(luvProducts.sort);
  return rows.map((p) => ({ productId: p.id, luv: p.luv, priceWon: p.priceWon }) satisfies Product);
}

/** The product `productId`, or null. */
export async function productById(db: Db, productId: number): Promise<ProductRow | null> {
  const [product] = await db.select().from(luvProducts).where(eq(luvProducts.id, productId));
  return product ?? null;
}

/** My payments of luv, newest first. */
export async function luvPayments(db: Db, memberId: number, page: ListWindow): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.purpose, 'luv')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map(paymentView);
}

/** All my payments (luv and subscriptions) with their purpose, newest first. */
export async function allPayments(db: Db, memberId: number, page: ListWindow): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.memberId, memberId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((p) => ({ ...paymentView(p), purpose: p.purpose }));
}

/** My cancelled payments (7), latest cancellation first. */
export async function cancelledPayments(db: Db, memberId: number, page: ListWindow): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, 7)))
    .orderBy(desc(payments.cancelledAt))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map(paymentView);
}

/** The member's own payment `paymentId`, or null (another member's is as absent as a missing one). */
export async function ownPayment(db: Db, memberId: number, paymentId: string): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.memberId, memberId)));
  return p ?? null;
}

/** Whether `paymentId` is one of the member's payments. */
export async function ownsPayment(db: Db, memberId: number, paymentId: string): Promise<boolean> {
  const [own] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.memberId, memberId)));
  return own !== undefined;
}
