/** Amounts arrive as JSON: only a plain safe integer in range is money; "1e3", 1.5, 2^53 are not. */
export function parseAmount(value: unknown, max: number, min = 1): number | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) return null;
  return value;
}
