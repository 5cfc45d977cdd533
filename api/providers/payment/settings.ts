/**
 * Which payment gateway a deployment uses, read from env once at start-up (api/config.ts):
 *
 * - `PAYMENT_GATEWAY=portone`: `PORTONE_API_SECRET`, `PORTONE_STORE_ID`, `PORTONE_CHANNEL_KEY` (the
 *   channel of every method) and `PORTONE_WEBHOOK_SECRET` are required; `PORTONE_CHANNEL_KEY_<METHOD>`
 *   (KAKAOPAY, VIRTUALACCOUNT, MYACCOUNT, MOBILE, CREDITCARD, CARD) gives a method its own channel;
 *   `PORTONE_API_BASE` points elsewhere than https://api.portone.io (a local stand-in).
 * - `PAYMENT_GATEWAY=development`, or unset outside production: the offline simulator.
 * - unset in production: no gateway. The API starts; money-in answers that payments are not configured.
 */
import { PaymentMethod } from '../../../domain/enums.ts';
import { parsePortOneAccount, token, type Parsed, type PortOneAccount } from '../portone/settings.ts';

export interface PortOnePaymentSettings extends PortOneAccount {
  channelKey: string;
  /** Per-method channels; a method not listed uses `channelKey`. */
  channelKeys: Partial<Record<PaymentMethod, string>>;
  /** Standard Webhooks secret as PortOne issues it: base64, optionally after `whsec_`. */
  webhookSecret: string;
}

export type PaymentSettings =
  | { gateway: 'development' }
  | { gateway: 'portone'; portone: PortOnePaymentSettings }
  | { gateway: 'none' };

const METHODS = Object.values(PaymentMethod);
const CHANNEL_PREFIX = 'PORTONE_CHANNEL_KEY_';

/** The env name of a method's own channel: `PORTONE_CHANNEL_KEY_KAKAOPAY` … */
export const channelKeyVariable = (method: PaymentMethod) => `${CHANNEL_PREFIX}${method.toUpperCase()}`;

/** True for what `Webhook.verify` accepts: non-empty base64 after an optional `whsec_`. */
export function validWebhookSecret(secret: string): boolean {
  const b64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(b64);
}

export function parsePaymentSettings(env: NodeJS.ProcessEnv, production: boolean): Parsed<PaymentSettings> {
  const choice = env.PAYMENT_GATEWAY?.trim() || null;
  if (choice === null) return { ok: true, value: production ? { gateway: 'none' } : { gateway: 'development' } };
  if (choice === 'development') {
    if (production) return { ok: false, error: 'PAYMENT_GATEWAY=development is the simulator; production refuses it' };
    return { ok: true, value: { gateway: 'development' } };
  }
  if (choice !== 'portone')
    return { ok: false, error: `PAYMENT_GATEWAY must be portone or development, not ${choice}` };
  const account = parsePortOneAccount(env, 'PAYMENT_GATEWAY=portone');
  if (!account.ok) return account;
  const channelKey = token(env.PORTONE_CHANNEL_KEY);
  if (!channelKey)
    return {
      ok: false,
      error: 'PAYMENT_GATEWAY=portone needs PORTONE_CHANNEL_KEY (the channel of every payment method)',
    };
  const webhookSecret = env.PORTONE_WEBHOOK_SECRET?.trim() ?? '';
  if (!webhookSecret) return { ok: false, error: 'PAYMENT_GATEWAY=portone needs PORTONE_WEBHOOK_SECRET' };
  if (!validWebhookSecret(webhookSecret))
    return {
      ok: false,
      error: 'PORTONE_WEBHOOK_SECRET must be the secret PortOne issued: base64, optionally after whsec_',
    };
  const channelKeys: Partial<Record<PaymentMethod, string>> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(CHANNEL_PREFIX)) continue;
    const method = METHODS.find((m) => channelKeyVariable(m) === name);
    if (!method)
      return { ok: false, error: `${name} names no payment method (${METHODS.map(channelKeyVariable).join(', ')})` };
    const key = token(value);
    if (!key) return { ok: false, error: `${name} must be a channel key` };
    channelKeys[method] = key;
  }
  return {
    ok: true,
    value: { gateway: 'portone', portone: { ...account.value, channelKey, channelKeys, webhookSecret } },
  };
}
