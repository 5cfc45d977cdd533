/**
 * Pieces every money schema shares (docs/LEDGER.md "Model"): amounts are JSON numbers that are
 * whole and in range ("100", 1.5, 1e3 as text, 2^53 and null are not money), and records are
 * named by positive integer ids.
 */
import * as v from 'valibot';

/** The largest id a record can have (PostgreSQL `integer`). */
export const RECORD_ID_MAX = 2_147_483_647;

/** A whole number from `min` to `max`, sent as a JSON number. */
export function wholeNumber(max: number, min = 1) {
  return v.pipe(v.number(), v.safeInteger(), v.minValue(min), v.maxValue(max));
}

/** A record id in a JSON body: a positive integer. */
export const recordId = wholeNumber(RECORD_ID_MAX);

/** A whole number written in digits (a query value) becoming a number from `min` to `max`. */
export function wholeNumberText(max: number, min = 1) {
  return v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number), v.minValue(min), v.maxValue(max));
}
