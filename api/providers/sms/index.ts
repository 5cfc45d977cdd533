/**
 * The SMS provider of an app instance: the outbox in development and test, the HTTP gateway in
 * production (SMS_HTTP_URL + SMS_HTTP_TOKEN). There is no way to turn the outbox on in production.
 */
import type { Config } from '../../config.ts';
import { HttpGatewaySms } from './http-gateway.ts';
import { OutboxSms } from './outbox.ts';
import type { SmsProvider } from './sms-provider.ts';

/** A new provider for `config` (api/services.ts builds one per app: `deps.sms`). */
export function createSmsProvider(
  config: Pick<Config, 'platformEnv'>,
  env: NodeJS.ProcessEnv = process.env,
): SmsProvider | null {
  if (config.platformEnv !== 'production') return new OutboxSms();
  return env.SMS_HTTP_URL && env.SMS_HTTP_TOKEN ? new HttpGatewaySms(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN) : null;
}

/** The development outbox, or null when this instance sends real messages. */
export function outboxOf(sms: SmsProvider | null): OutboxSms | null {
  return sms instanceof OutboxSms ? sms : null;
}
