/** Sliding-window send budget per member, shared by all of a member's sockets in this process. */
export interface RateLimiter {
  /** true when the member may send now (and the send is counted). */
  take(memberId: number, nowMs?: number): boolean;
}

export function createRateLimiter(max: number, windowMs: number): RateLimiter {
  const sent = new Map<number, number[]>();
  return {
    take(memberId, nowMs = Date.now()) {
      const recent = (sent.get(memberId) ?? []).filter((t) => nowMs - t < windowMs);
      if (recent.length >= max) {
        sent.set(memberId, recent);
        return false;
      }
      recent.push(nowMs);
      sent.set(memberId, recent);
      return true;
    },
  };
}
