/**
 * Gifts in a channel: luv or items move from the viewer's wallet to the BJ's received account.
 * Gifts are posted in batches (TigerBeetle-style): one transaction claims the batch's
 * Idempotency-Keys, locks every account involved once, applies each gift in order with its own
 * checks (funds, then the sender's spending caps) and result, appends the journal rows, stores
 * every first answer and commits. A refused gift writes nothing but its stored refusal; the
 * others of its batch go through. api/ledger/gift-batcher.ts forms the batches.
 */
import { AccountKind, LUV, TransferCode, accountId } from './accounts.ts';
import type { Db } from '../db/client.ts';
import { capsInForce, judge, spentByWallet, type CapRefusal } from './caps.ts';
import { claimKeys, keyOf, replayOf, storeAnswers, storedKeys, type Answer, type IdempotentResult, type ReplayScope, type StoredKey } from './idempotency.ts';
import { appendTransfers, checkLeg, lockAccounts, mayHold, writeBalances, type Leg, type Tx } from './transfer.ts';

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

/** One gift under its Idempotency-Key; `answer` is what the caller is told for each result, stored under the key. */
export interface GiftRequest {
  scope: ReplayScope;
  accounts: GiftAccounts;
  input: GiftInput;
  answer(result: GiftResult): Answer;
}

/**
 * Posts `requests` in the caller's transaction, in their order, and answers each as runIdempotent()
 * would have: the first request with a key runs and its answer is stored; a later one with the same
 * key (in this batch or before it) gets that answer back, or `idempotency_key_reused` for another body.
 */
export async function applyGiftBatch(tx: Tx, requests: readonly GiftRequest[], now: Date): Promise<IdempotentResult[]> {
  const firsts = new Map<string, number>();
  requests.forEach((r, i) => {
    checkLeg(legOf(r));
    if (!firsts.has(keyOf(r.scope))) firsts.set(keyOf(r.scope), i);
  });
  const leaders = [...firsts.values()];
  const claimed = await claimKeys(
    tx,
    leaders.map((i) => requests[i]!.scope),
  );
  const stored = await storedKeys(
    tx,
    leaders.map((i) => requests[i]!.scope).filter((s) => !claimed.has(keyOf(s))),
  );
  const running = leaders.filter((i) => claimed.has(keyOf(requests[i]!.scope)));
  const answers = await postGifts(
    tx,
    running.map((i) => requests[i]!),
    now,
  );
  running.forEach((i, n) => stored.set(keyOf(requests[i]!.scope), { requestHash: requests[i]!.scope.hash, answer: answers[n]! }));
  await storeAnswers(
    tx,
    running.map((i, n) => ({ scope: requests[i]!.scope, answer: answers[n]! })),
  );
  const ran = new Set(running);
  return requests.map((r, i): IdempotentResult => {
    if (ran.has(i)) return { ok: true, replayed: false, answer: stored.get(keyOf(r.scope))!.answer };
    const first: StoredKey | undefined = stored.get(keyOf(r.scope));
    if (!first) throw new Error('idempotency: key vanished');
    return replayOf(first, r.scope.hash);
  });
}

const legOf = ({ input, accounts }: GiftRequest): Leg => ({
  debit: accounts.wallet,
  credit: accounts.received,
  amount: input.amount,
  asset: input.asset,
  code: input.asset === LUV ? TransferCode.gift : TransferCode.itemUse,
  ref: `channel:${input.channelId}`,
  channelId: input.channelId,
  memo: input.message || null,
});

type Refusal = Extract<GiftResult, { ok: false }>;

/** The money of the gifts whose keys were claimed now: each checked and applied in order; their answers. */
async function postGifts(tx: Tx, gifts: readonly GiftRequest[], now: Date): Promise<Answer[]> {
  if (gifts.length === 0) return [];
  const rows = await lockAccounts(
    tx,
    [...new Set(gifts.flatMap((g) => [g.accounts.wallet, g.accounts.received]))].sort((a, b) => a - b),
  );
  const luvGifts = gifts.filter((g) => g.input.asset === LUV);
  const caps = await capsInForce(tx, [...new Set(luvGifts.map((g) => g.input.fromMemberId))], now);
  const spent = await spentByWallet(tx, [...new Set(luvGifts.filter((g) => caps.has(g.input.fromMemberId)).map((g) => g.accounts.wallet))], now);
  const balances = new Map([...rows].map(([id, row]) => [id, row.balance]));
  // Per gift: its refusal, or the sender's balance right after its own transfer.
  const outcomes: (Refusal | { balance: number })[] = gifts.map((gift) => {
    const { wallet, received } = gift.accounts;
    const { asset, amount, fromMemberId } = gift.input;
    if (rows.get(wallet)!.asset !== asset || rows.get(received)!.asset !== asset) throw new Error('ledger: asset mismatch');
    const balance = balances.get(wallet)! - amount;
    if (!mayHold(rows.get(wallet)!, balance)) return { ok: false, code: 'insufficient_funds' };
    const cap = asset === LUV ? caps.get(fromMemberId) : undefined;
    const sofar = spent.get(wallet);
    if (cap && sofar) {
      const verdict = judge(cap, sofar.day + amount, sofar.month + amount);
      if (!verdict.ok) return verdict;
      sofar.day += amount;
      sofar.month += amount;
    }
    balances.set(wallet, balance);
    balances.set(received, balances.get(received)! + amount);
    return { balance };
  });
  await writeBalances(
    tx,
    [...balances].filter(([id, b]) => b !== rows.get(id)!.balance),
  );
  const transferIds = await appendTransfers(tx, gifts.filter((_, n) => 'balance' in outcomes[n]!).map(legOf));
  let next = 0;
  return gifts.map((gift, n) => {
    const outcome = outcomes[n]!;
    return gift.answer('balance' in outcome ? { ok: true, transferId: transferIds[next++]!, balance: outcome.balance } : outcome);
  });
}
