/**
 * Identity verification (SPEC §2 /my/personal-auth): where to send the user for a request, and
 * how a completion is proven. Production (PASS / NICE style) redirects to the provider's page and
 * receives an HMAC-signed completion callback; development uses a simulator page on this API.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

export interface IdentityProvider {
  readonly kind: 'simulator' | 'redirect';
  /** Where the popup goes for this request. */
  startUrl(requestId: string): string;
}

export class SimulatorIdentity implements IdentityProvider {
  readonly kind = 'simulator' as const;
  startUrl(requestId: string): string {
    return `/api/dev/identity/${encodeURIComponent(requestId)}`;
  }
}

/** IDENTITY_START_URL?requestId=…; the provider (or an adapter) posts the result to /api/personal-auth/callback. */
export class RedirectIdentity implements IdentityProvider {
  readonly kind = 'redirect' as const;
  readonly #base: string;
  constructor(base: string) {
    this.#base = base;
  }
  startUrl(requestId: string): string {
    const url = new URL(this.#base);
    url.searchParams.set('requestId', requestId);
    return url.toString();
  }
}

export function identityProviderFor(config: Config, env: NodeJS.ProcessEnv = process.env): IdentityProvider | null {
  if (config.platformEnv !== 'production') return new SimulatorIdentity();
  return env.IDENTITY_START_URL && env.IDENTITY_WEBHOOK_SECRET ? new RedirectIdentity(env.IDENTITY_START_URL) : null;
}

/** Checks `x-identity-signature: hex(HMAC-SHA256(IDENTITY_WEBHOOK_SECRET, raw body))` in constant time. */
export function validCallbackSignature(rawBody: string, signature: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const secret = env.IDENTITY_WEBHOOK_SECRET;
  if (!secret || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
