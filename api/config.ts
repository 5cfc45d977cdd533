/** API configuration, parsed once at start-up; a bad value stops the process (fail fast). */
import { resolve } from 'node:path';
import type { Brand } from '../domain/brands.ts';
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
  /**
   * Where the main brand's site is served outside production (`SITE_ORIGIN`, default
   * `http://localhost:8787`, the `npm start` site); production uses each brand's `serviceUrl`.
   */
  siteOrigin: string;
  /** The payment gateway (PAYMENT_GATEWAY, PORTONE_*): api/providers/payment/settings.ts. */
  payment: PaymentSettings;
  /** The identity-verification provider (IDENTITY_PROVIDER …): api/providers/identity/settings.ts. */
  identity: IdentitySettings;
}

/** The settings that are missing or invalid, every one of them, one line each. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const PLATFORM_ENVS: readonly PlatformEnv[] = ['development', 'test', 'production'];

/**
 * The configuration of `env`.
 * @throws ConfigError naming every setting that is missing or invalid, not only the first.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const platformEnv = (env.PLATFORM_ENV ?? 'production') as PlatformEnv;
  if (!PLATFORM_ENVS.includes(platformEnv))
    problems.push(`PLATFORM_ENV must be development, test or production, not ${platformEnv}`);
  const production = platformEnv === 'production';
  const port = Number(env.API_PORT ?? 8788);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`API_PORT must be a port number, not ${env.API_PORT}`);
  const jwtSecret = env.JWT_SECRET ?? (production ? '' : 'development-only-secret-change-me-0123456789');
  if (jwtSecret.length < 32) problems.push('JWT_SECRET must be set to at least 32 characters in production');
  const site = env.SITE_ORIGINS ?? '';
  const siteOrigin = parseOrigin(env.SITE_ORIGIN ?? 'http://localhost:8787');
  if (!siteOrigin)
    problems.push(`SITE_ORIGIN must be an http(s) origin such as http://localhost:8787, not ${env.SITE_ORIGIN}`);
  const payment = parsePaymentSettings(env, production);
  if (!payment.ok) problems.push(payment.error);
  const identity = parseIdentitySettings(env, production);
  if (!identity.ok) problems.push(identity.error);
  if (problems.length > 0 || !siteOrigin || !payment.ok || !identity.ok) throw new ConfigError(problems);
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
    siteOrigin,
    payment: payment.value,
    identity: identity.value,
  };
}

/**
 * The lines a failed settings reader reports: a ConfigError's problems, an AggregateError's errors
 * (media/settings.ts), a plain Error's message (api/providers/ingest); null for anything else,
 * which is a bug, not a setting.
 */
export function settingProblems(err: unknown): string[] | null {
  if (err instanceof ConfigError) return err.problems;
  if (err instanceof AggregateError) return err.errors.map((e) => (e instanceof Error ? e.message : String(e)));
  return err instanceof Error && err.constructor === Error ? [err.message] : null;
}

/** `scheme://host[:port]` of an http(s) URL with nothing after the origin, else null. */
function parseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
}

/**
 * The brand's site origin, for every absolute URL the API hands out (never taken from a request
 * header, which a client chooses): in production the brand's `serviceUrl`; elsewhere `siteOrigin`
 * for the main brand and `{scheme}://{brand}.localhost:{port}` (port and scheme of `siteOrigin`)
 * for the others, as the local worker answers them.
 */
export function brandOrigin(config: Pick<Config, 'platformEnv' | 'siteOrigin'>, brand: Brand): string {
  if (config.platformEnv === 'production') return new URL(brand.serviceUrl).origin;
  if (brand.id === 'main') return config.siteOrigin;
  const site = new URL(config.siteOrigin);
  return `${site.protocol}//${brand.id}.localhost${site.port ? `:${site.port}` : ''}`;
}

export function isDevelopment(config: Config): boolean {
  return config.platformEnv !== 'production';
}
