import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * Parts of the auth forms that are not needed to start typing, fetched right after hydration:
 * the social buttons (they wait for the channel settings anyway), the agreement block (below
 * the fields; a placeholder keeps its room) and the policy dialog (on "view"). They are not
 * rendered on the server: a Suspense boundary there would add React's inline reveal scripts.
 */
const SocialButtons = lazy(() => import('./SocialButtons.tsx'));
const PolicyDialog = lazy(() => import('./PolicyDialog.tsx'));
const AgreementBlock = lazy(() => import('./AgreementBlock.tsx'));

function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

export function LazySocialButtons(props: ComponentProps<typeof SocialButtons>) {
  return (
    <AfterHydration fallback={null}>
      <SocialButtons {...props} />
    </AfterHydration>
  );
}

export function LazyPolicyDialog(props: ComponentProps<typeof PolicyDialog>) {
  return (
    <AfterHydration fallback={null}>
      <PolicyDialog {...props} />
    </AfterHydration>
  );
}

export function LazyAgreementBlock(props: ComponentProps<typeof AgreementBlock>) {
  const placeholder = <div className="auth-agreement-placeholder" />;
  return (
    <AfterHydration fallback={placeholder}>
      <AgreementBlock {...props} />
    </AfterHydration>
  );
}
