/**
 * The SMS provider of an app instance: the outbox in development and test, the HTTP gateway in
 * production (SMS_HTTP_URL + SMS_HTTP_TOKEN). There is no way to turn the outbox on in production.
 */
import type { Deps } from '../../app-env.ts';
import { HttpGatewaySms } from './http-gateway.ts';
import { OutboxSms } from './outbox.ts';
import type { SmsProvider } from './sms-provider.ts';

const providers = new WeakMap<Deps, SmsProvider | null>();

export function smsProviderOf(deps: Deps, env: NodeJS.ProcessEnv = process.env): SmsProvider | null {
  if (providers.has(deps)) return providers.get(deps)!;
  let provider: SmsProvider | null;
  if (deps.config.platformEnv !== 'production') provider = new OutboxSms();
  else provider = env.SMS_HTTP_URL && env.SMS_HTTP_TOKEN ? new HttpGatewaySms(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN) : null;
  providers.set(deps, provider);
  return provider;
}

/** The development outbox, or null when this instance sends real messages. */
export function outboxOf(deps: Deps): OutboxSms | null {
  const provider = smsProviderOf(deps);
  return provider instanceof OutboxSms ? provider : null;
}
