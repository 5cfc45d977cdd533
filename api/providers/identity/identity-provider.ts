/**
 * Identity verification (SPEC §2 /my/personal-auth): where the popup goes for a request, and how a
 * completion is proven. Providers (api/providers/identity/settings.ts chooses one):
 * - `simulator`: a page on this API (development only);
 * - `redirect`: a PASS / NICE style page that posts an HMAC-signed completion to /api/personal-auth/callback;
 * - `portone`: PortOne's identity verification. The popup is the site's personal-auth page, which
 *   calls the browser SDK's `requestIdentityVerification(browserRequest(requestId))`; the API then
 *   asks PortOne (`verification(requestId)`) and completes only on VERIFIED.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { PortOneIdentity } from './portone.ts';

export interface IdentityProvider {
  readonly kind: 'simulator' | 'redirect' | 'portone';
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

/** The providers a configuration can name. */
export type ConfiguredIdentity = SimulatorIdentity | RedirectIdentity | PortOneIdentity;

/** A new provider for `config` (api/services.ts builds one per app: `deps.identity`). */
export function createIdentityProvider(config: Pick<Config, 'identity'>): ConfiguredIdentity | null {
  const settings = config.identity;
  switch (settings.provider) {
    case 'simulator':
      return new SimulatorIdentity();
    case 'redirect':
      return new RedirectIdentity(settings.startUrl);
    case 'portone':
      return new PortOneIdentity(settings.portone);
    case 'none':
      return null;
  }
}

/** Checks `x-identity-signature: hex(HMAC-SHA256(IDENTITY_WEBHOOK_SECRET, raw body))` in constant time. */
export function validCallbackSignature(
  rawBody: string,
  signature: string,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const secret = env.IDENTITY_WEBHOOK_SECRET;
  if (!secret || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
