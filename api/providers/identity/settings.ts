/**
 * Which identity-verification provider a deployment uses, read from env once at start-up:
 *
 * - `IDENTITY_PROVIDER=portone`: PortOne's identity verification (`PORTONE_API_SECRET`,
 *   `PORTONE_STORE_ID`, `PORTONE_IDENTITY_CHANNEL_KEY`, optional `PORTONE_API_BASE`).
 * - `IDENTITY_PROVIDER=redirect`: a PASS / NICE style page at `IDENTITY_START_URL` that posts a
 *   completion signed with `IDENTITY_WEBHOOK_SECRET` to `/api/personal-auth/callback`. Chosen also
 *   when IDENTITY_PROVIDER is unset in production and both variables are set.
 * - `IDENTITY_PROVIDER=simulator`, or unset outside production: the development simulator page.
 * - otherwise none: verification answers that it is unavailable.
 */
import { parsePortOneAccount, token, type Parsed, type PortOneAccount } from '../portone/settings.ts';

export interface PortOneIdentitySettings extends PortOneAccount {
  channelKey: string;
}

export type IdentitySettings =
  | { provider: 'simulator' }
  | { provider: 'redirect'; startUrl: string }
  | { provider: 'portone'; portone: PortOneIdentitySettings }
  | { provider: 'none' };

function redirect(env: NodeJS.ProcessEnv): Parsed<IdentitySettings> {
  const startUrl = env.IDENTITY_START_URL?.trim();
  if (!startUrl || !env.IDENTITY_WEBHOOK_SECRET)
    return { ok: false, error: 'IDENTITY_PROVIDER=redirect needs IDENTITY_START_URL and IDENTITY_WEBHOOK_SECRET' };
  if (!URL.canParse(startUrl)) return { ok: false, error: `IDENTITY_START_URL must be a URL, not ${startUrl}` };
  return { ok: true, value: { provider: 'redirect', startUrl } };
}

export function parseIdentitySettings(env: NodeJS.ProcessEnv, production: boolean): Parsed<IdentitySettings> {
  const choice = env.IDENTITY_PROVIDER?.trim() || null;
  if (choice === null) {
    if (!production) return { ok: true, value: { provider: 'simulator' } };
    return env.IDENTITY_START_URL && env.IDENTITY_WEBHOOK_SECRET
      ? redirect(env)
      : { ok: true, value: { provider: 'none' } };
  }
  if (choice === 'simulator') {
    if (production)
      return { ok: false, error: 'IDENTITY_PROVIDER=simulator is for development; production refuses it' };
    return { ok: true, value: { provider: 'simulator' } };
  }
  if (choice === 'redirect') return redirect(env);
  if (choice !== 'portone')
    return { ok: false, error: `IDENTITY_PROVIDER must be portone, redirect or simulator, not ${choice}` };
  const account = parsePortOneAccount(env, 'IDENTITY_PROVIDER=portone');
  if (!account.ok) return account;
  const channelKey = token(env.PORTONE_IDENTITY_CHANNEL_KEY);
  if (!channelKey)
    return {
      ok: false,
      error: 'IDENTITY_PROVIDER=portone needs PORTONE_IDENTITY_CHANNEL_KEY (the identity-verification channel)',
    };
  return { ok: true, value: { provider: 'portone', portone: { ...account.value, channelKey } } };
}
