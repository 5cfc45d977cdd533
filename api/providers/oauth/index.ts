/**
 * The OAuth provider for a login: the offline simulator in development and test, arctic clients in
 * production (null when that provider is not configured, which the routes answer as disabled).
 */
import type { Config } from '../../config.ts';
import type { LoginProvider } from '../../../domain/enums.ts';
import { ArcticProvider } from './arctic-providers.ts';
import type { OAuthProvider } from './oauth-provider.ts';
import { SimulatorProvider } from './simulator.ts';

export function oauthProviderFor(
  config: Config,
  provider: LoginProvider,
  redirectUri: string,
  env: NodeJS.ProcessEnv = process.env,
): OAuthProvider | null {
  if (config.platformEnv !== 'production') return new SimulatorProvider(provider, config.jwtSecret);
  const key = provider.toUpperCase();
  const clientId = env[`OAUTH_${key}_CLIENT_ID`];
  const clientSecret = env[`OAUTH_${key}_CLIENT_SECRET`];
  return clientId && clientSecret ? new ArcticProvider(provider, clientId, clientSecret, redirectUri) : null;
}
