/** Buying items with luv: wallet luv → platform revenue, and item stock → the wallet's items, in one operation. */
import { AccountKind, LUV, SYSTEM, TransferCode, itemAsset, type AccountIds } from '../ledger/accounts.ts';
import { checkSpendCap, type CapRefusal } from '../ledger/caps.ts';
import { postTransfers, type Executor } from '../ledger/transfer.ts';

export interface ItemPurchaseAccounts {
  wallet: number;
  revenue: number;
  stock: number;
  holding: number;
}

/** Opens (outside the transaction) the four accounts an item purchase touches. */
export async function itemPurchaseAccounts(
  ids: AccountIds,
  memberId: number,
  itemCode: number,
): Promise<ItemPurchaseAccounts> {
  return {
    wallet: await ids.of(AccountKind.wallet, memberId, LUV),
    revenue: await ids.of(AccountKind.platformRevenue, SYSTEM, LUV),
    stock: await ids.of(AccountKind.issuance, SYSTEM, itemAsset(itemCode)),
    holding: await ids.of(AccountKind.wallet, memberId, itemAsset(itemCode)),
  };
}

/** `count`: the items of this code the member holds afterwards; `luv`: their luv afterwards. */
export type ItemPurchaseResult =
  | { ok: true; itemCode: number; count: number; luv: number }
  | { ok: false; code: 'insufficient_funds' }
  | CapRefusal;

/** Buys `count` items at `priceLuv` each; the luv counts against the member's spending caps. */
export async function buyItems(
  tx: Executor,
  accounts: ItemPurchaseAccounts,
  input: { memberId: number; itemCode: number; priceLuv: number; count: number },
  now: Date,
): Promise<ItemPurchaseResult> {
  const ref = `item-purchase:${input.itemCode}`;
  const posted = await postTransfers(tx, [
    {
      debit: accounts.wallet,
      credit: accounts.revenue,
      amount: input.priceLuv * input.count,
      asset: LUV,
      code: TransferCode.itemPurchase,
      ref,
    },
    {
      debit: accounts.stock,
      credit: accounts.holding,
      amount: input.count,
      asset: itemAsset(input.itemCode),
      code: TransferCode.itemIssue,
      ref,
    },
  ]);
  if (!posted.ok) return { ok: false, code: 'insufficient_funds' };
  const cap = await checkSpendCap(tx, input.memberId, accounts.wallet, now);
  if (!cap.ok) return cap;
  return {
    ok: true,
    itemCode: input.itemCode,
    count: posted.balances.get(accounts.holding)!,
    luv: posted.balances.get(accounts.wallet)!,
  };
}
