/** A gift in a channel: luv or items move from the viewer's wallet to the BJ's received account. */
import { AccountKind, LUV, TransferCode, accountId } from './accounts.ts';
import type { Db } from '../db/client.ts';
import { checkSpendCap, type CapRefusal } from './caps.ts';
import type { Executor } from './transfer.ts';
import { postTransfers } from './transfer.ts';

export interface GiftInput {
  fromMemberId: number;
  toMemberId: number;
  channelId: number;
  asset: string;
  amount: number;
  message: string;
}

export interface GiftAccounts {
  wallet: number;
  received: number;
}

/** Opens (outside the transaction) the two accounts a gift touches. */
export async function giftAccounts(db: Db, input: Pick<GiftInput, 'fromMemberId' | 'toMemberId' | 'asset'>): Promise<GiftAccounts> {
  return {
    wallet: await accountId(db, AccountKind.wallet, input.fromMemberId, input.asset),
    received: await accountId(db, AccountKind.bjReceived, input.toMemberId, input.asset),
  };
}

/** `balance`: what the sender holds of the asset afterwards. Luv gifts count against the sender's spending caps. */
export type GiftResult = { ok: true; transferId: number; balance: number } | { ok: false; code: 'insufficient_funds' } | CapRefusal;

export async function postGift(tx: Executor, accounts: GiftAccounts, input: GiftInput, now: Date): Promise<GiftResult> {
  const posted = await postTransfers(tx, [
    {
      debit: accounts.wallet,
      credit: accounts.received,
      amount: input.amount,
      asset: input.asset,
      code: input.asset === LUV ? TransferCode.gift : TransferCode.itemUse,
      ref: `channel:${input.channelId}`,
      channelId: input.channelId,
      memo: input.message || null,
    },
  ]);
  if (!posted.ok) return { ok: false, code: 'insufficient_funds' };
  if (input.asset === LUV) {
    const cap = await checkSpendCap(tx, input.fromMemberId, accounts.wallet, now);
    if (!cap.ok) return cap;
  }
  return { ok: true, transferId: posted.transferIds[0]!, balance: posted.balances.get(accounts.wallet)! };
}
