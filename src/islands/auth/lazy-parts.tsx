import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * Parts of the auth forms a person can do without: the policy dialog (on "view") is fetched right
 * after hydration; the social buttons (they wait for the channel settings anyway) on the visitor's
 * first sign of using the page. Neither is rendered on the server: a Suspense boundary there would
 * add React's inline reveal scripts. The agreement block is not here: it is part of the form and
 * is rendered with the page (./AgreementBlock.tsx, imported by the forms), so a screen reader in
 * browse mode, which sends no pointer or key events, finds the boxes.
 */
const SocialButtons = lazy(() => import('./SocialButtons.tsx'));
const PolicyDialog = lazy(() => import('./PolicyDialog.tsx'));

function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/**
 * A visitor's first touch, click, key, pointer move, wheel or focus on the page, listened for from
 * when the form's code runs (a touch before hydration counts), or a page already activated.
 */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;
let intended = typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true;
const waiting = new Set<() => void>();

function markIntent(): void {
  intended = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, markIntent, true);
  for (const wake of waiting) wake();
  waiting.clear();
}
if (typeof window !== 'undefined' && !intended)
  for (const type of INTENT_EVENTS) window.addEventListener(type, markIntent, { capture: true, passive: true });

/** False on the server, while hydrating and until the visitor first uses the page. */
function useIntent(): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (intended) return setSeen(true);
    const wake = () => setSeen(true);
    waiting.add(wake);
    return () => void waiting.delete(wake);
  }, []);
  return seen;
}

/**
 * The social buttons load on intent: a visitor who only looks at the form never pays for them.
 * `now`: right after hydration instead (a form the visitor just opened, the dialog).
 */
export function LazySocialButtons({ now = false, ...props }: ComponentProps<typeof SocialButtons> & { now?: boolean }) {
  const intent = useIntent();
  const hydrated = useHydrated();
  return (now ? hydrated : intent) ? (
    <Suspense fallback={null}>
      <SocialButtons {...props} />
    </Suspense>
  ) : null;
}

export function LazyPolicyDialog(props: ComponentProps<typeof PolicyDialog>) {
  return (
    <AfterHydration fallback={null}>
      <PolicyDialog {...props} />
    </AfterHydration>
  );
}
