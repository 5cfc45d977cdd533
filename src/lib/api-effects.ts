/**
 * What a failed API answer does to the page beyond its caller: the session's logout flow and the
 * alert. The shell injects them at boot; the API client (loaded when a first call is made) runs
 * them. Kept apart from the client so a page that has made no call yet carries no client code.
 */

/** The effects that need the site's state (session, dialogs). */
export interface SessionEffects {
  sessionExpired(): void;
  alert(text: string): void;
}

let injected: SessionEffects | null = null;
// Answers that arrive before the shell has injected its effects wait for them.
const early: ((effects: SessionEffects) => void)[] = [];

/** Called once by the shell: what session expiry and a bare message do on this page. */
export function setApiEffects(effects: SessionEffects): void {
  injected = effects;
  for (const run of early.splice(0)) run(effects);
}

/** Runs `run` with the injected effects, now or once the shell has injected them. */
export function withSessionEffects(run: (effects: SessionEffects) => void): void {
  if (injected) run(injected);
  else early.push(run);
}
