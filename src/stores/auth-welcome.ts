/**
 * Context for the panel shown after sign-up (SPEC §2): whether the page is an adult-only
 * broadcast (the panel then says it can be watched only after identity verification) and whether
 * identity verification currently earns a reward. A channel page sets these; the panel reads them.
 */
import { atom, type ReadableAtom } from 'nanostores';

const adultBroadcast = atom(false);
const identityReward = atom(false);

export const $adultBroadcast: ReadableAtom<boolean> = adultBroadcast;
export const $identityReward: ReadableAtom<boolean> = identityReward;

export function markAdultBroadcast(adult: boolean): void {
  adultBroadcast.set(adult);
}

export function offerIdentityReward(offered: boolean): void {
  identityReward.set(offered);
}
