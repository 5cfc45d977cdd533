/**
 * The services of one app instance (api/app-env.ts `Services`), built once from its configuration.
 * Everything an app holds between requests is here, so two apps in one process (tests, benchmarks)
 * share nothing but the process.
 */
import { join } from 'node:path';
import type { Deps, DepsInput } from './app-env.ts';
import { SessionChecks } from './auth/session-checks.ts';
import { createChannelOwners } from './gifts/channel-owners.ts';
import { giftAnswer } from './gifts/gift-answers.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { SharedRateLimiter } from './http/shared-rate-limit.ts';
import { createAccountIds } from './ledger/accounts.ts';
import { createGiftBatcher } from './ledger/gift-batcher.ts';
import { createIdentityProvider } from './providers/identity/identity-provider.ts';
import { loadIngest, type Ingest } from './providers/ingest/index.ts';
import { createPaymentGateway } from './providers/payment/index.ts';
import { createSmsProvider } from './providers/sms/index.ts';
import { createDiskStorage } from './storage/disk-storage.ts';

/**
 * Completes `input` with every service it lacks and returns it, the same object: the host keeps
 * one Deps (main.ts sets `chat` on it once the chat server is attached), and a second call builds
 * nothing. A service `input` holds (a test's fake, a null gateway) is kept as given.
 */
export function buildServices(input: DepsInput, env: NodeJS.ProcessEnv = process.env): Deps {
  const { config, database } = input;
  const deps = input as Deps;
  if (deps.sms === undefined) deps.sms = createSmsProvider(config, env);
  if (deps.payment === undefined) deps.payment = createPaymentGateway(config);
  if (deps.identity === undefined) deps.identity = createIdentityProvider(config);
  deps.rateLimiter ??= new RateLimiter();
  deps.sharedLimiter ??= new SharedRateLimiter(database.db);
  deps.accountIds ??= createAccountIds(database.db);
  deps.giftBatcher ??= createGiftBatcher(database.db, giftAnswer);
  deps.channelOwners ??= createChannelOwners(database.db);
  deps.storage ??= createDiskStorage(join(config.dataDir, 'uploads'));
  deps.sessionChecks ??= new SessionChecks();
  if (!('ingest' in input)) loadIngestOnFirstUse(deps, env);
  return deps;
}

// The ingest settings are read when something first goes live, not when the app is built: an app
// configured for production that never streams (a test's) needs no media secrets, and api/main.ts
// passes the ingest it checked with every other setting at the start.
function loadIngestOnFirstUse(deps: Deps, env: NodeJS.ProcessEnv): void {
  let ingest: Ingest | undefined;
  Object.defineProperty(deps, 'ingest', {
    configurable: true,
    enumerable: true,
    get: () => (ingest ??= loadIngest(env, deps.config.platformEnv)),
    set: (given: Ingest) => {
      ingest = given;
    },
  });
}
