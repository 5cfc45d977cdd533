/** The stack Playwright starts: API on a throwaway PGlite dir + wrangler dev, stopped on SIGTERM. */
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
await startStack({ port: Number(process.env.E2E_PORT), apiPort: Number(process.env.E2E_API_PORT), dataDir });
console.log('e2e stack ready');
