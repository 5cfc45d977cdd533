/** One social-login provider (SPEC §3 login providers): where to send the browser, and who came back. */
import type { LoginProvider } from '../../../domain/enums.ts';

export interface ProviderIdentity {
  /** The provider's stable user id. */
  subject: string;
  email: string | null;
}

export interface OAuthProvider {
  readonly id: LoginProvider;
  readonly kind: 'simulator' | 'oauth2';
  /** The provider's authorization URL for this state (PKCE verifier where the provider supports it). */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code from the callback for the user's identity; throws when the provider refuses. */
  identify(code: string, codeVerifier: string): Promise<ProviderIdentity>;
}
