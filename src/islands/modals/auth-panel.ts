import type { Locale } from '../../../domain/locales.ts';
import type { AuthTab } from '../../stores/modals.ts';

/**
 * Props the login / sign-up dialog gives the panels the auth area provides as default exports
 * of `src/islands/auth/SignInPanel.tsx` and `src/islands/auth/SignUpPanel.tsx`
 * (loaded on first open, so pages that never open the dialog do not ship them).
 */
export interface AuthPanelProps {
  locale: Locale;
  /** Where to go after success; already sanitised. */
  callbackURL: string;
  /** Shows the other tab (e.g. a "sign up" link inside the sign-in form). */
  switchTab(tab: AuthTab): void;
  /** Closes the dialog (e.g. the close button of the welcome panel). */
  close(): void;
}
