/**
 * Gifts in a channel: luv or items move from the viewer's wallet to the BJ's received account.
 * Gifts are posted in batches (TigerBeetle-style): one transaction claims the batch's
 * Idempotency-Keys, locks every account involved once, applies each gift in order with its own
 * checks (funds, then the sender's spending caps) and result, appends the journal rows, stores
 * every first answer and commits. A refused gift writes nothing but its stored refusal; the
 * others of its batch go through. api/ledger/gift-batcher.ts forms the batches. Each gift's result
 * becomes its answer through the one GiftAnswering the batch is given (api/gifts/gift-answers.ts).
 */
import { AccountKind, LUV, TransferCode, type AccountIds } from './accounts.ts';
import { capsOf, judge, spentByWallet, type CapRefusal, type Caps } from './caps.ts';
import { prepareBatch, writeBatch, type PreparedBatch } from './gift-sql.ts';
import { keyOf, replayOf, type Answer, type IdempotentResult, type ReplayScope } from './idempotency.ts';
import { checkLeg, mayHold, type Leg, type Tx } from './transfer.ts';

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
export async function giftAccounts(
  ids: AccountIds,
  input: Pick<GiftInput, 'fromMemberId' | 'toMemberId' | 'asset'>,
): Promise<GiftAccounts> {
  return {
    wallet: await ids.of(AccountKind.wallet, input.fromMemberId, input.asset),
    received: await ids.of(AccountKind.bjReceived, input.toMemberId, input.asset),
  };
}

/** `balance`: what the sender holds of the asset afterwards. Luv gifts count against the sender's spending caps. */
export type GiftResult =
  | { ok: true; transferId: number; balance: number }
  | { ok: false; code: 'insufficient_funds' }
  | CapRefusal;

/** One gift under its Idempotency-Key. */
export interface GiftRequest {
  scope: ReplayScope;
  accounts: GiftAccounts;
  input: GiftInput;
}

/** What a gift's sender is told for its result, stored under its key: the same function for every gift. */
export type GiftAnswering = (input: GiftInput, result: GiftResult) => Answer;

/**
 * Posts `requests` in the caller's transaction, in their order, and answers each as runIdempotent()
 * would have: the first request with a key runs and its answer (`answerOf` its result) is stored; a
 * later one with the same key (in this batch or before it) gets that answer back, or
 * `idempotency_key_reused` for another body.
 */
export async function applyGiftBatch(
  tx: Tx,
  requests: readonly GiftRequest[],
  now: Date,
  answerOf: GiftAnswering,
): Promise<IdempotentResult[]> {
  const firsts = new Map<string, GiftRequest>();
  for (const r of requests) {
    checkLeg(legOf(r));
    if (!firsts.has(keyOf(r.scope))) firsts.set(keyOf(r.scope), r);
  }
  const leaders = [...firsts.values()];
  const { claimed, transferIds, accounts, stored } = await prepareBatch(
    tx,
    [...new Set(leaders.flatMap((g) => [g.accounts.wallet, g.accounts.received]))].sort((a, b) => a - b),
    leaders.map((r) => r.scope),
  );
  const running = leaders.filter((r) => claimed.has(keyOf(r.scope)));
  const answers = await postGifts(tx, running, { rows: accounts, transferIds, now, answerOf });
  running.forEach((r, n) => stored.set(keyOf(r.scope), { requestHash: r.scope.hash, answer: answers[n]! }));
  const ran = new Set(running);
  return requests.map((r): IdempotentResult => {
    const first = stored.get(keyOf(r.scope));
    if (!first) throw new Error('idempotency: key vanished');
    return ran.has(r) ? { ok: true, replayed: false, answer: first.answer } : replayOf(first, r.scope.hash);
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

interface Posting {
  /** The batch's accounts, locked once (prepareBatch). */
  rows: PreparedBatch['accounts'];
  /** The fresh journal ids, ascending; accepted gifts take them in order. */
  transferIds: readonly number[];
  now: Date;
  answerOf: GiftAnswering;
}

/**
 * The money of the gifts whose keys were claimed now: each gift checked (funds, then the sender's
 * caps) and applied in order in memory on the locked accounts, then one write.
 */
async function postGifts(
  tx: Tx,
  gifts: readonly GiftRequest[],
  { rows, transferIds, now, answerOf }: Posting,
): Promise<Answer[]> {
  if (gifts.length === 0) return [];
  const capsOfWallet = new Map<number, Caps>();
  for (const [id, { caps }] of rows) {
    const { dailyLuv, monthlyLuv } = capsOf(caps, now);
    if (dailyLuv !== null || monthlyLuv !== null) capsOfWallet.set(id, { dailyLuv, monthlyLuv });
  }
  const spent = await spentByWallet(tx, [...capsOfWallet.keys()], now);
  const balances = new Map([...rows].map(([id, r]) => [id, r.account.balance]));
  let next = 0;
  const outcomes: (Refusal | { transferId: number; balance: number })[] = gifts.map((gift) => {
    const { wallet, received } = gift.accounts;
    const { asset, amount } = gift.input;
    if (rows.get(wallet)!.account.asset !== asset || rows.get(received)!.account.asset !== asset)
      throw new Error('ledger: asset mismatch');
    const balance = balances.get(wallet)! - amount;
    if (!mayHold(rows.get(wallet)!.account, balance)) return { ok: false, code: 'insufficient_funds' };
    const cap = capsOfWallet.get(wallet);
    if (cap) {
      const sofar = spent.get(wallet)!;
      const verdict = judge(cap, sofar.day + amount, sofar.month + amount);
      if (!verdict.ok) return verdict;
      sofar.day += amount;
      sofar.month += amount;
    }
    balances.set(wallet, balance);
    balances.set(received, balances.get(received)! + amount);
    return { transferId: transferIds[next++]!, balance };
  });
  const answers = gifts.map((gift, n) => {
    const outcome = outcomes[n]!;
    return answerOf(gift.input, 'transferId' in outcome ? { ok: true, ...outcome } : outcome);
  });
  await writeBatch(tx, {
    answers: gifts.map((gift, n) => ({ scope: gift.scope, answer: answers[n]! })),
    transfers: gifts.flatMap((gift, n) => {
      const outcome = outcomes[n]!;
      return 'transferId' in outcome ? [{ ...legOf(gift), id: outcome.transferId }] : [];
    }),
    balances: [...balances].filter(([id, b]) => b !== rows.get(id)!.account.balance),
  });
  return answers;
}
