/**
 * The value a stepper's − or + leads to: one step from what the field holds, kept within [min, max]
 * and on whole steps. A field that holds nothing or no number starts from `min`. Strings in and
 * out, as the number fields hold them.
 */
export function stepValue(value: string, delta: number, min: number, max: number): string {
  const now = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(now)) return String(min);
  const next = Math.round(now) + delta;
  return String(Math.min(max, Math.max(min, next)));
}

/** Whether − (or +) can still move the value: off at the bound, so the button says so. */
export function canStep(value: string, delta: number, min: number, max: number): boolean {
  const now = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(now)) return true;
  return delta < 0 ? now > min : now < max;
}
