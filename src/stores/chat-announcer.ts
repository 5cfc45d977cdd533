/**
 * Throttled screen-reader announcements: under a flood, at most one per interval, always the
 * newest text (older pending texts are dropped, not queued).
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
}

const realClock: Clock = { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms) };

export function createAnnouncer(intervalMs: number, publish: (text: string) => void, clock: Clock = realClock) {
  let pending: string | null = null;
  let scheduled = false;
  let last = -Infinity;
  return function announce(text: string): void {
    pending = text;
    if (scheduled) return;
    scheduled = true;
    clock.setTimeout(
      () => {
        scheduled = false;
        last = clock.now();
        if (pending !== null) publish(pending);
        pending = null;
      },
      Math.max(0, last + intervalMs - clock.now()),
    );
  };
}
