/**
 * Recent session checks a hot route may reuse (api/http/session.ts `requireMember({ reuseCheck: true })`):
 * the caller's member row and the fact that the session was neither revoked nor the member blocked,
 * remembered per access token for SESSION_CHECK_REUSE_MS. Each app holds one (`deps.sessionChecks`).
 * A revocation made through this app (logout, password reset, a replayed refresh token) forgets every
 * remembered check at once; one made elsewhere (another API process, an operator's block in the
 * database) takes effect on those routes within SESSION_CHECK_REUSE_MS. Routes that do not opt in
 * read the database on every request.
 */
import type { SessionMember } from '../app-env.ts';

/** How long a session check may be reused: the most a revocation made elsewhere waits to apply on opted-in routes. */
export const SESSION_CHECK_REUSE_MS = 1000;
/** How many checks an app remembers (the oldest goes first). */
export const SESSION_CHECKS_MAX = 10_000;

export class SessionChecks {
  readonly #checks = new Map<string, { member: SessionMember; until: number }>();
  // Bumped by every forget: a check that read the database before a revocation and answers after it
  // must not be remembered.
  #generation = 0;

  /** Call before reading the database for a check; pass the value to remember(). */
  generation(): number {
    return this.#generation;
  }

  /** The member a check of `token` found within the reuse window, or undefined. */
  recent(token: string, now = Date.now()): SessionMember | undefined {
    const hit = this.#checks.get(token);
    if (!hit) return undefined;
    if (hit.until > now) return hit.member;
    this.#checks.delete(token);
    return undefined;
  }

  /** Remembers that `token` passed a check begun at `since` (generation()), unless a revocation came in between. */
  remember(token: string, member: SessionMember, since: number, now = Date.now()): void {
    if (since !== this.#generation) return;
    const full = this.#checks.size >= SESSION_CHECKS_MAX && !this.#checks.has(token);
    if (full) this.#checks.delete(this.#checks.keys().next().value!);
    this.#checks.set(token, { member, until: now + SESSION_CHECK_REUSE_MS });
  }

  /** Forgets every remembered check: called by every revocation this app makes. */
  forgetAll(): void {
    this.#generation++;
    this.#checks.clear();
  }
}
