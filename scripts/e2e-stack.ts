/**
 * The stack Playwright starts: API on a throwaway PGlite dir, the media server (E2E_RTMP_PORT, E2E_MEDIA_HTTP_PORT) +
 * wrangler dev, stopped on SIGTERM.
 */
import { rmSync } from 'node:fs';
import { stopAll } from './processes.ts';
import { startStack } from './stack.ts';

const dataDir = process.env.E2E_DATA_DIR!;
const stop = async () => {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const port = Number(process.env.E2E_PORT);
// Beside the site port unless given, so parallel e2e stacks (each its own E2E_PORT) do not meet.
const media = {
  rtmpPort: Number(process.env.E2E_RTMP_PORT ?? port + 10_000),
  httpPort: Number(process.env.E2E_MEDIA_HTTP_PORT ?? port + 11_000),
};
await startStack({
  port,
  apiPort: Number(process.env.E2E_API_PORT),
  dataDir,
  media,
  // An encoder that stops ends its live after 5 s instead of 30: the specs wait for it.
  // The fixed payout account of the embedded mode (api/ledger/settings.ts), for the embedded-mode spec.
  env: {
    INGEST_RECONNECT_GRACE_MS: process.env.INGEST_RECONNECT_GRACE_MS ?? '5000',
    // A cheap ladder (docs/INGEST.md): the specs' 320x180 pushes get no rung; a 1280x720 push gets
    // 480p and 360p beside its source. E2E_MEDIA_LADDER (e.g. `none`, or the production default) overrides it.
    MEDIA_LADDER: process.env.E2E_MEDIA_LADDER ?? '480p30:900k,360p30:500k',
    MEDIA_LADDER_PRESET: process.env.E2E_MEDIA_LADDER_PRESET ?? 'ultrafast',
    // Rungs stay however busy the machine running the specs is (the drop has its own ingest test).
    MEDIA_LADDER_MIN_SPEED: process.env.E2E_MEDIA_LADDER_MIN_SPEED ?? '0.05',
    FIXED_PAYOUT_BANK_CODE: '088',
    FIXED_PAYOUT_BANK_ACCOUNT: '100200300400',
    FIXED_PAYOUT_BANK_HOLDER: 'FLX Media',
  },
});
console.log('e2e stack ready');
