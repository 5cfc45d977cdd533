/**
 * Development OAuth provider: the "provider" is a page on the API itself
 * (`/api/dev/oauth/{provider}/authorize`) that sends the browser back to
 * `/callback/{provider}/authorize?code=…&state=…`, so the whole flow runs offline. The code is
 * an HMAC-signed, short-lived statement of the simulated user id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LoginProvider } from '../../../domain/enums.ts';
import type { OAuthProvider, ProviderIdentity } from './oauth-provider.ts';

const CODE_TTL_MS = 5 * 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`oauth-sim:${payload}`).digest('base64url');
}

/** The code the simulator's approve step hands back for `subject`. */
export function simulatorCode(secret: string, provider: LoginProvider, subject: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ p: provider, s: subject, e: now + CODE_TTL_MS })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export class SimulatorProvider implements OAuthProvider {
  readonly kind = 'simulator' as const;
  readonly id: LoginProvider;
  readonly #secret: string;

  constructor(id: LoginProvider, secret: string) {
    this.id = id;
    this.#secret = secret;
  }

  authorizationUrl(state: string): URL {
    const url = new URL(`http://simulator.invalid/api/dev/oauth/${this.id}/authorize`);
    url.searchParams.set('state', state);
    return url;
  }

  async identify(code: string): Promise<ProviderIdentity> {
    const [payload = '', mac = ''] = code.split('.');
    const expected = Buffer.from(sign(this.#secret, payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Error('bad simulator code');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      p: string;
      s: string;
      e: number;
    };
    if (claims.p !== this.id || typeof claims.s !== 'string' || claims.e < Date.now())
      throw new Error('bad simulator code');
    return { subject: claims.s, email: `${claims.s}@${this.id}.simulator.invalid` };
  }
}
