/**
 * Toasts at top-right (SPEC §2) through sonner, loaded on the first toast only: a page that
 * never shows one ships none of it. The shell host mounts the toaster when asked.
 */
import { atom, type ReadableAtom } from 'nanostores';

export type ToastKind = 'info' | 'success' | 'error';

const wanted = atom(false);
/** True once something asked for a toast: the shell host then mounts the toaster. */
export const $toasterWanted: ReadableAtom<boolean> = wanted;

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toaster component once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

export async function notify(message: string, kind: ToastKind = 'info'): Promise<void> {
  wanted.set(true);
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  if (kind === 'info') toast(message);
  else toast[kind](message);
}
