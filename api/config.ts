/** API configuration, parsed once at start-up; a bad value stops the process (fail fast). */
import { resolve } from 'node:path';
import { parseIdentitySettings, type IdentitySettings } from './providers/identity/settings.ts';
import { parsePaymentSettings, type PaymentSettings } from './providers/payment/settings.ts';

export type PlatformEnv = 'development' | 'test' | 'production';

export interface Config {
  host: string;
  port: number;
  platformEnv: PlatformEnv;
  /** PostgreSQL connection string; when absent, PGlite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** HMAC secret for access tokens. */
  jwtSecret: string;
  /** Origins allowed for state-changing requests and websocket handshakes. */
  allowedOrigins: string[];
  /** The payment gateway (PAYMENT_GATEWAY, PORTONE_*): api/providers/payment/settings.ts. */
  payment: PaymentSettings;
  /** The identity-verification provider (IDENTITY_PROVIDER …): api/providers/identity/settings.ts. */
  identity: IdentitySettings;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const platformEnv = (env.PLATFORM_ENV ?? 'production') as PlatformEnv;
  if (!['development', 'test', 'production'].includes(platformEnv))
    throw new ConfigError(`PLATFORM_ENV must be development, test or production, not ${platformEnv}`);
  const port = Number(env.API_PORT ?? 8788);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`API_PORT must be a port number, not ${env.API_PORT}`);
  const jwtSecret = env.JWT_SECRET ?? (platformEnv === 'production' ? '' : 'development-only-secret-change-me-0123456789');
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be set to at least 32 characters in production');
  const site = env.SITE_ORIGINS ?? '';
  const payment = parsePaymentSettings(env, platformEnv === 'production');
  if (!payment.ok) throw new ConfigError(payment.error);
  const identity = parseIdentitySettings(env, platformEnv === 'production');
  if (!identity.ok) throw new ConfigError(identity.error);
  return {
    host: env.API_HOST ?? '127.0.0.1',
    port,
    platformEnv,
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    jwtSecret,
    allowedOrigins: site
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    payment: payment.value,
    identity: identity.value,
  };
}

export function isDevelopment(config: Config): boolean {
  return config.platformEnv !== 'production';
}
