import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo, type ComponentType, type KeyboardEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $authDialog, closeAuthDialog, setAuthTab, type AuthTab } from '../../stores/modals.ts';
import type { AuthPanelProps } from './auth-panel.ts';
import { Dialog, holdsInput } from './Dialog.tsx';

type PanelModule = { default: ComponentType<AuthPanelProps> };
// The auth area owns the form contents; a glob keeps this frame building before they exist.
const panels = import.meta.glob<PanelModule>(['../auth/SignInPanel.tsx', '../auth/SignUpPanel.tsx']);

function panelLoader(tab: AuthTab): (() => Promise<PanelModule>) | null {
  return panels[tab === 'signin' ? '../auth/SignInPanel.tsx' : '../auth/SignUpPanel.tsx'] ?? null;
}

const TABS: AuthTab[] = ['signin', 'signup'];

/** The login / sign-up dialog of SPEC §2: two tabs, sign-in first, with a callbackURL. */
export function AuthDialog({ locale }: { locale: Locale }) {
  const state = useStore($authDialog);
  const lazyPanels = useMemo(() => {
    const out = {} as Record<AuthTab, ComponentType<AuthPanelProps> | null>;
    for (const tab of TABS) {
      const load = panelLoader(tab);
      out[tab] = load ? lazy(load) : null;
    }
    return out;
  }, []);
  if (!state) return null;
  const o = { locale };
  const label = (tab: AuthTab) => (tab === 'signin' ? m.shell_auth_tab_signin({}, o) : m.shell_auth_tab_signup({}, o));
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // WAI-ARIA tabs pattern: arrow keys move between tabs.
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = state.tab === 'signin' ? 'signup' : 'signin';
    setAuthTab(next);
    document.getElementById(`flx-auth-tab-${next}`)?.focus();
  };
  const Panel = lazyPanels[state.tab];
  // A click beside the form closes it only while nothing is typed in it; Escape and × always close.
  const closeUnlessTyped = (dialog: HTMLDialogElement) => {
    if (!holdsInput(dialog)) closeAuthDialog();
  };
  return (
    <Dialog
      labelledBy="flx-auth-title"
      callbackURL={state.callbackURL}
      onCancel={closeAuthDialog}
      onOverlayClick={closeUnlessTyped}
      className="flx-dialog--auth"
    >
      <div className="flx-dialog__head">
        <h2 id="flx-auth-title" className="flx-dialog__title">
          {label(state.tab)}
        </h2>
        <button
          type="button"
          className="flx-dialog__close"
          onClick={closeAuthDialog}
          aria-label={m.shell_dialog_close({}, o)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div role="tablist" aria-label={m.shell_auth_tabs_label({}, o)} className="flx-tabs">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`flx-auth-tab-${tab}`}
            aria-controls="flx-auth-panel"
            aria-selected={state.tab === tab}
            tabIndex={state.tab === tab ? 0 : -1}
            className="flx-tabs__tab"
            onClick={() => setAuthTab(tab)}
            onKeyDown={onTabKey}
          >
            {label(tab)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="flx-auth-panel"
        aria-labelledby={`flx-auth-tab-${state.tab}`}
        className="flx-tabs__panel"
      >
        {Panel ? (
          <Suspense fallback={<p className="flx-dialog__text">{m.shell_loading({}, o)}</p>}>
            <Panel locale={locale} callbackURL={state.callbackURL} switchTab={setAuthTab} close={closeAuthDialog} />
          </Suspense>
        ) : (
          <FallbackPanel tab={state.tab} callbackURL={state.callbackURL} locale={locale} />
        )}
      </div>
    </Dialog>
  );
}

/** Until the auth area ships its panels: links to the full sign-in / sign-up pages. */
function FallbackPanel({ tab, callbackURL, locale }: { tab: AuthTab; callbackURL: string; locale: Locale }) {
  const href = `/${tab}?callbackURL=${encodeURIComponent(callbackURL)}`;
  return (
    <p className="flx-dialog__text">
      <a href={href}>
        {tab === 'signin' ? m.shell_auth_go_signin({}, { locale }) : m.shell_auth_go_signup({}, { locale })}
      </a>
    </p>
  );
}
