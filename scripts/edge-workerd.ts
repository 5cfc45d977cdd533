/**
 * The edge worker as it deploys (`wrangler deploy --dry-run`'s bundle, the asset routing of
 * wrangler.jsonc) in workerd through Miniflare's API: the runtime of production, without the Node
 * proxy that `wrangler dev` puts in front of workerd. Benchmarks use it to tell the worker's own
 * cost from the local proxy's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const ROOT = new URL('..', import.meta.url).pathname;

export interface EdgeInWorkerd {
  origin: string;
  close(): Promise<void>;
}

export async function startEdgeInWorkerd(apiOrigin: string, dist = join(ROOT, 'dist')): Promise<EdgeInWorkerd> {
  const out = mkdtempSync(join(tmpdir(), 'flx-edge-'));
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', out],
    {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    },
  );
  const bundle = readdirSync(out).find((f) => f.endsWith('.js'))!;
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, 'wrangler.jsonc'), undefined, {
    overrides: { assets: { directory: dist } },
  });
  /** Miniflare 5 still takes the v4 option shape through its converter (as wrangler does). */
  type V4Options = Parameters<typeof convertV4MiniflareOptions>[0];
  const edge = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      workers: [
        {
          name: 'edge',
          modules: true,
          scriptPath: join(out, bundle),
          modulesRoot: out,
          compatibilityDate: String(workerOptions.compatibilityDate),
          bindings: { API_ORIGIN: apiOrigin },
          assets: workerOptions.assets,
        },
      ],
    } as V4Options),
  );
  const url = await edge.ready;
  return {
    origin: url.origin,
    async close() {
      await edge.dispose();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
