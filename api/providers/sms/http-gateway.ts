import type { SmsProvider } from './sms-provider.ts';

/**
 * Production SMS through an HTTP gateway: `POST SMS_HTTP_URL` with `{ to, text }` and a bearer
 * token. Most Korean and global gateways (or a small adapter in front of one) take this shape.
 */
export class HttpGatewaySms implements SmsProvider {
  readonly kind = 'http' as const;
  readonly #url: string;
  readonly #token: string;
  readonly #fetch: typeof fetch;

  constructor(url: string, token: string, fetchImpl: typeof fetch = fetch) {
    this.#url = url;
    this.#token = token;
    this.#fetch = fetchImpl;
  }

  async send(to: string, text: string): Promise<void> {
    const res = await this.#fetch(this.#url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.#token}` },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}
