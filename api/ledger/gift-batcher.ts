/**
 * Forms the gift batches of api/ledger/gift.ts (group commit). Gifts queue in one lane per
 * receiving account, and a lane posts one batch at a time: when it is idle a gift goes at once
 * (after the current turn of the event loop, so requests that arrived together share a batch);
 * while a batch is in its transaction, the gifts that arrive meanwhile form the next one, up to
 * GIFT_BATCH_SIZE_MAX. A quiet channel thus posts batches of one with no added wait, and a gift
 * rush on a hot channel takes that BJ's account lock once per batch instead of once per gift.
 * Each app batches its own gifts; across processes (PostgreSQL) the row locks order the batches.
 */
import type { Db } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { applyGiftBatch, type GiftAnswering, type GiftRequest } from './gift.ts';
import type { IdempotentResult } from './idempotency.ts';

/** The most gifts one transaction posts (its statements stay well under PostgreSQL's 65,535 parameters). */
export const GIFT_BATCH_SIZE_MAX = 500;

interface Waiting {
  request: GiftRequest;
  resolve(result: IdempotentResult): void;
  reject(err: unknown): void;
}

export interface GiftBatcher {
  /** Posts the gift with the next batch of its lane; answers as runIdempotent() does. */
  submit(request: GiftRequest): Promise<IdempotentResult>;
}

/**
 * A batcher posting to `db`: an app builds one (`deps.giftBatcher`), so its lanes see every gift it
 * takes. `answerOf` turns each gift's result into the answer stored under its key.
 */
export function createGiftBatcher(db: Db, answerOf: GiftAnswering): GiftBatcher {
  const lanes = new Map<number, Waiting[]>();
  async function drain(lane: number, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) await post(db, answerOf, queue.splice(0, GIFT_BATCH_SIZE_MAX));
    lanes.delete(lane);
  }
  return {
    submit(request) {
      return new Promise((resolve, reject) => {
        const lane = request.accounts.received;
        let queue = lanes.get(lane);
        if (!queue) {
          lanes.set(lane, (queue = []));
          setImmediate(() => void drain(lane, queue!));
        }
        queue.push({ request, resolve, reject });
      });
    },
  };
}

/** One batch in one transaction; every waiter gets its own result, or the error. */
async function post(db: Db, answerOf: GiftAnswering, batch: Waiting[]): Promise<void> {
  try {
    const results = await db.transaction((tx) =>
      applyGiftBatch(
        tx,
        batch.map((w) => w.request),
        new Date(),
        answerOf,
      ),
    );
    batch.forEach((w, i) => w.resolve(results[i]!));
  } catch (err) {
    if (batch.length === 1 || isDatabaseUnavailable(err)) {
      for (const w of batch) w.reject(err);
      return;
    }
    // A failure of one gift (a bug, a lost race with another process) must not fail the others:
    // nothing of the batch was committed, so each goes again alone and meets its own outcome.
    for (const w of batch) await post(db, answerOf, [w]);
  }
}
