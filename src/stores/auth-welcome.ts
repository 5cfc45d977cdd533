/**
 * Context for the panel shown after sign-up (SPEC §2): whether the page is an adult-only
 * broadcast (the panel then says it can be watched only after identity verification, and sign-up
 * sends `adultValue`). A channel page sets it; the panel reads it. Whether verification offers a
 * reward is the brand's `identityReward` flag.
 */
import { atom, type ReadableAtom } from 'nanostores';

const adultBroadcast = atom(false);

export const $adultBroadcast: ReadableAtom<boolean> = adultBroadcast;

export function markAdultBroadcast(adult: boolean): void {
  adultBroadcast.set(adult);
}
