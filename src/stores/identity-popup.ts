/**
 * Identity verification in a popup with the action that asked for it (SPEC §2 /my/personal-auth:
 * "opened in a popup …; afterwards … a pending action runs"). The page opens `/my/personal-auth`
 * in a popup window and keeps the action; the popup reports its step (AGREEMENT, IDENTIFIATION,
 * COMPLELTE, spelled as the spec spells them) with `postMessage` on this origin; on COMPLELTE the
 * profile is read again and, when it carries PI, the pending action runs in the page the member
 * never left. Without a popup (blocked, app webview) the browser goes to the page itself and comes
 * back to `callbackURL`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { IdentityStep } from '../../domain/enums.ts';
import { PAGE, withCallback } from '../../domain/routes.ts';
import { isAppWebview } from '../lib/device.ts';
import { showMembersOnly } from './modals.ts';
import { $session, loadSession } from './session.ts';

/** What the popup posts to its opener (same origin only). */
export interface IdentityStepMessage {
  type: 'personal-auth';
  step: IdentityStep;
}

/** Name of the popup window: a second request reuses it instead of opening another. */
export const IDENTITY_POPUP_NAME = 'flx-personal-auth';
const POPUP_FEATURES = 'popup,width=480,height=720';

const step = atom<IdentityStep | null>(null);
/** The step of the verification this page is waiting for; null when none is under way. */
export const $identityStep: ReadableAtom<IdentityStep | null> = step;

let pending: (() => unknown) | null = null;
let listening = false;

/** Whether `data` is a step message of the personal-auth popup. */
export function isIdentityStepMessage(data: unknown): data is IdentityStepMessage {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'personal-auth' &&
    typeof d.step === 'string' &&
    (Object.values(IdentityStep) as string[]).includes(d.step)
  );
}

/** Applies a step the popup reported; on COMPLELTE runs the pending action once PI is on the profile. */
export async function receiveIdentityStep(next: IdentityStep): Promise<void> {
  step.set(next);
  if (next !== IdentityStep.COMPLELTE) return;
  const session = await loadSession({ force: true });
  const action = pending;
  pending = null;
  if (session.status === 'member' && session.profile.PI && action) await action();
}

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== location.origin || !isIdentityStepMessage(event.data)) return;
    void receiveIdentityStep(event.data.step);
  });
}

/**
 * Runs `action` once the member is identity-verified: at once when the profile already has PI,
 * else after the verification in the popup (call it from a click: browsers open popups only then).
 * `type` is the spec's flow (personal by default); `callbackURL` is where the page-wide fallback returns.
 */
export async function verifyIdentityThen(
  action: () => unknown,
  { type = 'personal', callbackURL }: { type?: string; callbackURL?: string } = {},
): Promise<void> {
  const back = callbackURL ?? location.pathname + location.search;
  const known = $session.get();
  const session = known.status === 'unknown' ? await loadSession() : known;
  if (session.status === 'guest') return showMembersOnly(back);
  if (session.status === 'member' && session.profile.PI) {
    await action();
    return;
  }
  // Browsers open popups only while the click still counts as the user's gesture: nothing long is awaited before.
  const url = `${PAGE.personalAuth}?${new URLSearchParams({ type, popup: '1' })}`;
  const popup = isAppWebview() ? null : window.open(url, IDENTITY_POPUP_NAME, POPUP_FEATURES);
  if (!popup) {
    location.assign(withCallback(PAGE.personalAuth, back));
    return;
  }
  pending = action;
  step.set(IdentityStep.AGREEMENT);
  listen();
  popup.focus();
}

/** Tells the opener of this popup which step the verification reached; false when there is no opener. */
export function reportIdentityStep(next: IdentityStep): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return false;
  try {
    opener.postMessage({ type: 'personal-auth', step: next } satisfies IdentityStepMessage, location.origin);
    return true;
  } catch {
    return false;
  }
}
