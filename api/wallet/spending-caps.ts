/** A member's spending caps as `/api/my/luv/spending-caps` shows them: api/ledger/caps.ts's view, the raise delay. */
import type { SpendingCaps } from '../../domain/answers/wallet.ts';
import { SPENDING_CAP_RAISE_DELAY_MS } from '../../domain/limits.ts';
import type { Db } from '../db/client.ts';
import { readCaps, writeCaps, type Caps } from '../ledger/caps.ts';

/** The member's caps at `now`. */
export async function spendingCapsOf(db: Db, memberId: number, now: Date): Promise<SpendingCaps> {
  return { ...(await readCaps(db, memberId, now)), raiseDelayMs: SPENDING_CAP_RAISE_DELAY_MS };
}

/** Sets the member's caps (a looser one waits for the raise delay) and answers them as they stand after. */
export async function setSpendingCaps(db: Db, memberId: number, wish: Caps, now: Date): Promise<SpendingCaps> {
  const view = await db.transaction((tx) => writeCaps(tx, memberId, wish, now));
  return { ...view, raiseDelayMs: SPENDING_CAP_RAISE_DELAY_MS };
}
