/** `npm start`: build if needed, then API + worker; prints the URL and demo accounts; Ctrl-C stops both. */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../api/db/seed.ts';
import { ensureBuilt } from './build.ts';
import { stopAll } from './processes.ts';
import { startStack } from './stack.ts';

const port = Number(process.env.PORT ?? 8787);
const apiPort = Number(process.env.API_PORT ?? 8788);
const dataDir = process.env.DATA_DIR ?? '.data';
const media = {
  rtmpPort: Number(process.env.RTMP_PORT ?? 1935),
  httpPort: Number(process.env.MEDIA_HTTP_PORT ?? 8790),
};

ensureBuilt();
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping …');
  await stopAll();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
try {
  await startStack({ port, apiPort, dataDir, media });
} catch (err) {
  console.error(err);
  await stopAll();
  process.exit(1);
}
console.log(`
  Site:  http://localhost:${port}/      (brands: http://{main,china,onion,hearheart,realtoon,coin}.localhost:${port}/)
  API:   http://127.0.0.1:${apiPort}/api/health
  Data:  ${dataDir} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})
  Live:  rtmp://localhost:${media.rtmpPort}/live (OBS server; the key is the BJ's stream key) · media http://localhost:${media.httpPort}/
         npm run demo:push sends a test pattern as bj0001 (docs/INGEST.md)

  Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `    ${a.loginId.padEnd(10)} ${a.role}`).join('\n')}

  Ctrl-C stops everything.
`);
