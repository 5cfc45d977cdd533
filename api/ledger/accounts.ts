/**
 * Account kinds, transfer codes and assets of the ledger, and the lookup that opens an account on
 * first use. Accounts are created outside the money transaction (an empty account is harmless), so
 * their ids can be remembered for the life of an app (`deps.accountIds`, createAccountIds()).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema/index.ts';

export const AccountKind = {
  /** A viewer's spendable luv, or their items (asset item:{code}). */
  wallet: 'wallet',
  /** Luv and items a BJ received from gifts. */
  bjReceived: 'bj_received',
  /** Luv the platform earned (item sales). */
  platformRevenue: 'platform_revenue',
  /** Source of luv bought through the payment gateway (runs negative: the won is held outside). */
  paymentClearing: 'payment_clearing',
  /** Source of luv and items given away (coupons, seed, item stock); runs negative. */
  issuance: 'issuance',
  /** Received luv held while a withdrawal waits. */
  withdrawalPending: 'withdrawal_pending',
  /** Luv that left as won to a bank account. */
  withdrawalPaid: 'withdrawal_paid',
  /** A member's luv of an approved payment while the gateway is asked to refund it (api/shop/payment-refund.ts). */
  refundPending: 'refund_pending',
} as const;
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind];

/** The accounts allowed below zero: the database CHECK names the same two. */
export const SOURCE_KINDS: ReadonlySet<string> = new Set([AccountKind.issuance, AccountKind.paymentClearing]);

export const TransferCode = {
  purchase: 'purchase',
  purchaseRefund: 'purchase_refund',
  refundHold: 'refund_hold',
  refundRelease: 'refund_release',
  coupon: 'coupon',
  seed: 'seed',
  gift: 'gift',
  itemPurchase: 'item_purchase',
  itemIssue: 'item_issue',
  itemUse: 'item_use',
  withdrawHold: 'withdraw_hold',
  withdrawCancel: 'withdraw_cancel',
  withdrawPay: 'withdraw_pay',
  withdrawFail: 'withdraw_fail',
} as const;
export type TransferCode = (typeof TransferCode)[keyof typeof TransferCode];

export const LUV = 'luv';
export const itemAsset = (code: number): string => `item:${code}`;
/** The item code of an asset, null for luv: itemAsset() read back. */
export function itemCodeOf(asset: string): number | null {
  if (asset === LUV) return null;
  const code = /^item:(\d+)$/.exec(asset)?.[1];
  if (code === undefined) throw new Error(`ledger: unknown asset ${asset}`);
  return Number(code);
}
/** Owner id of system accounts. */
export const SYSTEM = 0;

/** The ids of one database's accounts, remembered: an app holds one (`deps.accountIds`). */
export interface AccountIds {
  /** accountId() of the (kind, owner, asset) account; asked again only when a lookup failed. */
  of(kind: AccountKind, ownerId: number, asset: string): Promise<number>;
}

/**
 * The ids of `db`'s accounts for the flows a crowd hits at once (gifts, items, coupons, withdrawals):
 * requests that ask for the same account at once share one lookup (a gift rush's first second).
 */
export function createAccountIds(db: Db): AccountIds {
  const byKey = new Map<string, Promise<number>>();
  return {
    of(kind, ownerId, asset) {
      const key = `${kind}|${ownerId}|${asset}`;
      let pending = byKey.get(key);
      if (!pending) {
        pending = accountId(db, kind, ownerId, asset);
        byKey.set(key, pending);
        // A failed lookup (database unavailable) is not remembered.
        pending.catch(() => byKey.delete(key));
      }
      return pending;
    },
  };
}

/**
 * The id of the (kind, owner, asset) account, opening it with balance 0 when it does not exist yet;
 * two lookups at once open it once. Read each time: for rare flows (a payment's settlement, the seed)
 * and tests; a route of many callers asks `deps.accountIds`.
 */
export async function accountId(db: Db, kind: AccountKind, ownerId: number, asset: string): Promise<number> {
  const where = and(
    eq(ledgerAccounts.kind, kind),
    eq(ledgerAccounts.ownerId, ownerId),
    eq(ledgerAccounts.asset, asset),
  );
  let [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!row) {
    await db.insert(ledgerAccounts).values({ kind, ownerId, asset }).onConflictDoNothing();
    [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  }
  if (!row) throw new Error(`ledger: could not open account ${kind}|${ownerId}|${asset}`);
  return row.id;
}

/** Balance of an account that may not exist yet (0 then); no lock. */
export async function balanceOf(db: Db, kind: AccountKind, ownerId: number, asset: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.ownerId, ownerId), eq(ledgerAccounts.asset, asset)));
  return row?.balance ?? 0;
}
