/**
 * Viewer spending caps ("Beyond the peers"): a daily and a monthly limit of luv, each applied to
 * luv spent from the wallet (gifts, item purchases) and, separately, to luv bought. Lowering takes
 * effect at once; raising (or removing) waits SPENDING_CAP_RAISE_DELAY_MS, so a moment's impulse
 * cannot undo a limit the viewer set in a calm one.
 */
import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { ledgerTransfers, payments, spendingCaps } from '../db/schema/index.ts';
import { TransferCode } from './accounts.ts';
import { SPENDING_CAP_RAISE_DELAY_MS } from '../../domain/limits.ts';
import { KST_OFFSET_MS } from './settings.ts';
import type { Executor } from './transfer.ts';

export interface Caps {
  dailyLuv: number | null;
  monthlyLuv: number | null;
}

export interface CapsView extends Caps {
  pending: (Caps & { from: string }) | null;
}

/** Start of the Korean calendar day and month containing `now`, as instants. */
export function periodStarts(now: Date): { day: Date; month: Date } {
  const k = new Date(now.getTime() + KST_OFFSET_MS);
  const day = Date.UTC(k.getUTCFullYear(), k.getUTCMonth(), k.getUTCDate()) - KST_OFFSET_MS;
  const month = Date.UTC(k.getUTCFullYear(), k.getUTCMonth(), 1) - KST_OFFSET_MS;
  return { day: new Date(day), month: new Date(month) };
}

export async function readCaps(ex: Executor, memberId: number, now: Date): Promise<CapsView> {
  const [row] = await ex.select().from(spendingCaps).where(eq(spendingCaps.memberId, memberId));
  return capsOf(row, now);
}

/** The caps of a member's stored row as they stand at `now` (a raise applies once its delay passed). */
export function capsOf(row: typeof spendingCaps.$inferSelect | null | undefined, now: Date): CapsView {
  if (!row) return { dailyLuv: null, monthlyLuv: null, pending: null };
  if (row.pendingFrom && row.pendingFrom <= now)
    return { dailyLuv: row.pendingDailyLuv, monthlyLuv: row.pendingMonthlyLuv, pending: null };
  return {
    dailyLuv: row.dailyLuv,
    monthlyLuv: row.monthlyLuv,
    pending: row.pendingFrom
      ? { dailyLuv: row.pendingDailyLuv, monthlyLuv: row.pendingMonthlyLuv, from: row.pendingFrom.toISOString() }
      : null,
  };
}

const looser = (next: number | null, current: number | null) => current !== null && (next === null || next > current);

/** Stores the wish: stricter values now, looser ones after the delay. */
export async function writeCaps(ex: Executor, memberId: number, wish: Caps, now: Date): Promise<CapsView> {
  const current = await readCaps(ex, memberId, now);
  const immediate: Caps = {
    dailyLuv: looser(wish.dailyLuv, current.dailyLuv) ? current.dailyLuv : wish.dailyLuv,
    monthlyLuv: looser(wish.monthlyLuv, current.monthlyLuv) ? current.monthlyLuv : wish.monthlyLuv,
  };
  const waits = looser(wish.dailyLuv, current.dailyLuv) || looser(wish.monthlyLuv, current.monthlyLuv);
  const values = {
    memberId,
    dailyLuv: immediate.dailyLuv,
    monthlyLuv: immediate.monthlyLuv,
    pendingDailyLuv: waits ? wish.dailyLuv : null,
    pendingMonthlyLuv: waits ? wish.monthlyLuv : null,
    pendingFrom: waits ? new Date(now.getTime() + SPENDING_CAP_RAISE_DELAY_MS) : null,
    updatedAt: now,
  };
  await ex.insert(spendingCaps).values(values).onConflictDoUpdate({ target: spendingCaps.memberId, set: values });
  return readCaps(ex, memberId, now);
}

async function spentSince(ex: Executor, walletId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)` })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.debitAccountId, walletId),
        inArray(ledgerTransfers.code, [TransferCode.gift, TransferCode.itemPurchase]),
        gte(ledgerTransfers.createdAt, since),
      ),
    );
  return Number(row?.sum ?? 0);
}

async function boughtSince(ex: Executor, memberId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string>`coalesce(sum(${payments.luv}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.memberId, memberId),
        eq(payments.purpose, 'luv'),
        notInArray(payments.status, [6, 7, 8]),
        gte(payments.createdAt, since),
      ),
    );
  return Number(row?.sum ?? 0);
}

export type CapRefusal = { ok: false; code: 'spending_cap_exceeded'; period: 'daily' | 'monthly'; capLuv: number };
export type CapCheck = { ok: true } | CapRefusal;

/** Luv spent from each of `walletIds` since the start of the Korean day and month of `now` (one query). */
export async function spentByWallet(
  ex: Executor,
  walletIds: readonly number[],
  now: Date,
): Promise<Map<number, { day: number; month: number }>> {
  const out = new Map<number, { day: number; month: number }>(walletIds.map((id) => [id, { day: 0, month: 0 }]));
  if (walletIds.length === 0) return out;
  const { day, month } = periodStarts(now);
  const rows = await ex
    .select({
      wallet: ledgerTransfers.debitAccountId,
      day: sql<string>`coalesce(sum(${ledgerTransfers.amount}) filter (where ${ledgerTransfers.createdAt} >= ${day.toISOString()}::timestamptz), 0)`,
      month: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.debitAccountId, [...walletIds]),
        inArray(ledgerTransfers.code, [TransferCode.gift, TransferCode.itemPurchase]),
        gte(ledgerTransfers.createdAt, month),
      ),
    )
    .groupBy(ledgerTransfers.debitAccountId);
  for (const r of rows) out.set(r.wallet, { day: Number(r.day), month: Number(r.month) });
  return out;
}

/** Whether spending up to `day` luv today and `month` this month stays within `caps`. */
export function judge(caps: Caps, day: number, month: number): CapCheck {
  if (caps.dailyLuv !== null && day > caps.dailyLuv)
    return { ok: false, code: 'spending_cap_exceeded', period: 'daily', capLuv: caps.dailyLuv };
  if (caps.monthlyLuv !== null && month > caps.monthlyLuv)
    return { ok: false, code: 'spending_cap_exceeded', period: 'monthly', capLuv: caps.monthlyLuv };
  return { ok: true };
}

/**
 * Call after the spending transfer has been posted in the same transaction (the wallet row is then
 * locked, so concurrent spends of one viewer are counted one after the other).
 */
export async function checkSpendCap(ex: Executor, memberId: number, walletId: number, now: Date): Promise<CapCheck> {
  const caps = await readCaps(ex, memberId, now);
  if (caps.dailyLuv === null && caps.monthlyLuv === null) return { ok: true };
  const { day, month } = periodStarts(now);
  return judge(caps, await spentSince(ex, walletId, day), await spentSince(ex, walletId, month));
}

/** Call after the new payment row is written, with the buyer's wallet row locked. */
export async function checkBuyCap(ex: Executor, memberId: number, now: Date): Promise<CapCheck> {
  const caps = await readCaps(ex, memberId, now);
  if (caps.dailyLuv === null && caps.monthlyLuv === null) return { ok: true };
  const { day, month } = periodStarts(now);
  return judge(caps, await boughtSince(ex, memberId, day), await boughtSince(ex, memberId, month));
}
