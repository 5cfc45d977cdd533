/** Starts the platform API: config, database (migrated, catalogue, demo seed in development), HTTP + chat. */
import type { Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { chatAdapterSetting, type ChatAdapterSetting } from './chat/adapter.ts';
import { attachChat } from './chat/server.ts';
import { loadConfig, settingProblems, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startPaymentExpiryTimer } from './jobs/payment-expiry.ts';
import { startRenewalTimer } from './jobs/subscription-renewal.ts';
import { startIngestSweeper } from './ingest/lifecycle.ts';
import { loadIngest, type Ingest } from './providers/ingest/index.ts';
import { buildServices } from './services.ts';

/**
 * Every setting, checked before anything starts: what is missing or invalid is printed as one
 * list (no stack trace: it is not a bug) and the process exits 1.
 */
function settingsOrExit(env: NodeJS.ProcessEnv): { config: Config; ingest: Ingest; chatAdapter: ChatAdapterSetting } {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (err) {
      const lines = settingProblems(err);
      if (!lines) throw err;
      problems.push(...lines);
      return null;
    }
  };
  const config = attempt(() => loadConfig(env));
  // A self-hosted engine's media settings (MEDIA_SECRET, MEDIA_TOKEN_SECRET …) are read here, not at first use.
  const ingest = attempt(() => loadIngest(env, config?.platformEnv ?? env.PLATFORM_ENV ?? 'production'));
  // REDIS_URL: the chat's rooms across API processes (api/chat/adapter.ts).
  const chatAdapter = attempt(() => chatAdapterSetting(env));
  if (config && ingest && chatAdapter) return { config, ingest, chatAdapter };
  console.error(`[api] cannot start: ${problems.length} setting(s) missing or invalid:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

const { config, ingest, chatAdapter } = settingsOrExit(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
await prepareDatabase(database, config);

// One set of services for the routes, the chat announcements, the ingest sweeper and the jobs.
const deps = buildServices({ config, database, ingest });
// Live ingest (docs/INGEST.md): lives whose encoder left are ended.
console.log(`[api] ingest engine: ${ingest.provider.engine}`);
const stopIngestSweeper = startIngestSweeper(deps);
const app = createApp(deps);
const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  console.log(`[api] listening on http://${config.host}:${info.port} (${database.kind}, ${config.platformEnv})`);
}) as HttpServer;
const chat = await attachChat(server, { config, database, redisUrl: chatAdapter.redisUrl });
console.log(
  `[api] chat rooms: ${chatAdapter.redisUrl ? 'across processes on Redis (sharded pub/sub)' : 'in this process'}`,
);
// Routes announce in chat rooms through deps.chat (a committed gift, a broadcast that starts …).
deps.chat = chat;
// Subscription renewals: the job is idempotent per period, so every process may run it.
const stopRenewals = startRenewalTimer(deps);
// Abandoned payments end (docs/LEDGER.md "Expiry"); idempotent, so every process may run it too.
const stopPaymentExpiry = startPaymentExpiryTimer(deps);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[api] ${signal}: closing`);
  stopRenewals();
  stopPaymentExpiry();
  stopIngestSweeper();
  await chat.close();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
