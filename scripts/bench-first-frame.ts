/**
 * `npm run bench:first-frame`: how long a visitor waits for a live's first video frame, side by
 * side with the floor, in one run. For each stream format a demo live of the stack has (hls: bj0001,
 * ivs: bj0002, bp_flv when the media server runs one), cold loads (fresh context, empty cache) at
 * 375 px in Chromium with the Korean fonts, alternating:
 * - the live page `/channels/{id}/live`, as a guest;
 * - the floor: a bare page of the same origin with one `<video muted autoplay>` of the same
 *   stream URL (the browser's own HLS; the document itself is answered by the bench, so the floor
 *   pays no worker and no HTML bytes).
 * The time is from navigation start to the first frame presented (`requestVideoFrameCallback`
 * after `loadeddata`), medians of BENCH_LOADS (5). Rows with BENCH_CPU_SLOWDOWN (default 4) repeat
 * it with Chromium's CPU throttling, a cheap phone's CPU; rows "4G" with a phone network's latency and
 * bandwidth (BENCH_NETWORK, below). Each worker path of BENCH_PATHS in turn
 * (default `wrangler,workerd`: `wrangler dev`, then workerd through Miniflare; scripts/bench-browser.ts),
 * each with its own stack; every row says its path and the load average around it.
 */
import { loadavg } from 'node:os';
import type { BrowserContext } from 'playwright';
import { median, startBenchStack, type BenchStack, type WorkerPath } from './bench-browser.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/**
 * A phone network (Chromium's network emulation on every request of the page: latency added to each
 * response, bandwidth capped), unless BENCH_NETWORK=none. The floor's document is answered by the bench
 * (route.fulfill) and pays none of it: only its playlist and segments do.
 */
const NETWORKS = { '4g': { label: '4G (40 ms, 9 Mbit/s)', latency: 40, down: 9_000_000, up: 1_500_000 } } as const;
type Network = (typeof NETWORKS)[keyof typeof NETWORKS];
const NETWORK: Network | undefined = NETWORKS[(process.env.BENCH_NETWORK ?? '4g') as keyof typeof NETWORKS];
interface Conditions {
  label: string;
  slowdown: number;
  network?: Network;
}
const PATHS = (process.env.BENCH_PATHS ?? 'wrangler,workerd').split(',') as WorkerPath[];
const BARE = '/__bench/bare-video';

/** Resolves with the time of the first presented frame of any video of the page. */
const FIRST_FRAME = () => {
  (window as unknown as { __firstFrame: Promise<number> }).__firstFrame = new Promise((resolve) => {
    document.addEventListener(
      'loadeddata',
      (e) => {
        const video = e.target as HTMLVideoElement;
        if (video.requestVideoFrameCallback) video.requestVideoFrameCallback((now) => resolve(now));
        else resolve(performance.now());
      },
      { capture: true, once: true },
    );
  });
};

async function firstFrame(stack: BenchStack, url: string, { slowdown, network }: Conditions, bare?: string): Promise<number> {
  const context: BrowserContext = await stack.context();
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_FRAME);
    if (bare)
      await page.route(`${stack.base}${BARE}`, (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: `<!doctype html><html lang="ko"><meta name="viewport" content="width=device-width"><title>floor</title><video src="${bare}" muted autoplay playsinline style="width:100%;aspect-ratio:16/9"></video></html>`,
        }),
      );
    if (slowdown > 1 || network) {
      const cdp = await context.newCDPSession(page);
      if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      if (network) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: network.latency,
          downloadThroughput: network.down / 8,
          uploadThroughput: network.up / 8,
        });
      }
    }
    await page.goto(url, { waitUntil: 'commit' });
    return await page.evaluate(
      () =>
        Promise.race([
          (window as unknown as { __firstFrame: Promise<number> }).__firstFrame,
          new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no frame in 30 s')), 30_000)),
        ]),
      undefined,
    );
  } finally {
    await context.close();
  }
}

interface Live {
  loginId: string;
  channelId: number;
}

async function livesByFormat(base: string): Promise<Map<string, { live: Live; url: string }>> {
  const { list } = (await (await fetch(`${base}/api/lives?limit=100`)).json()) as { list: Live[] };
  const out = new Map<string, { live: Live; url: string }>();
  for (const live of list) {
    const res = await fetch(`${base}/api/channels/${live.channelId}/stream`);
    if (!res.ok) continue; // adult or password lives: not a guest's first frame
    const source = ((await res.json()) as { sources: { url: string; format: string }[] }).sources[0];
    if (source && !out.has(source.format)) out.set(source.format, { live, url: source.url });
  }
  return out;
}

const load = () => loadavg()[0]!.toFixed(1);

async function benchPath(path: WorkerPath, header: boolean): Promise<void> {
  const stack = await startBenchStack({ path });
  try {
    const lives = await livesByFormat(stack.base);
    if (header) {
      console.log(`first video frame at 375 px, ms from navigation (median of ${LOADS} cold loads; Chromium ${stack.browser.version()})`);
      console.log('| path | format (live) | CPU, network | live page | bare floor | ratio | live page loads | load avg |');
      console.log('| --- | --- | --- | ---: | ---: | ---: | --- | --- |');
    }
    const conditions: Conditions[] = [
      { label: 'as is', slowdown: 1 },
      ...(SLOWDOWN > 1 ? [{ label: `${SLOWDOWN}× slower`, slowdown: SLOWDOWN }] : []),
      ...(NETWORK ? [{ label: NETWORK.label, slowdown: 1, network: NETWORK }] : []),
    ];
    for (const c of conditions)
      for (const [format, { live, url }] of lives) {
        const page: number[] = [];
        const floor: number[] = [];
        const before = load();
        // A first load warms the stack (worker, API, segment files) so that neither side pays it.
        await firstFrame(stack, `${stack.base}/channels/${live.channelId}/live`, conditions[0]!);
        for (let i = 0; i < LOADS; i++) {
          page.push(await firstFrame(stack, `${stack.base}/channels/${live.channelId}/live`, c));
          // The floor plays the playlist natively: for bp_flv there is no native floor.
          if (format !== 'bp_flv') floor.push(await firstFrame(stack, `${stack.base}${BARE}`, c, url));
        }
        const p = median(page);
        const f = floor.length ? median(floor) : NaN;
        console.log(
          `| ${path} | ${format} (${live.loginId}) | ${c.label} | ${p.toFixed(0)} | ${floor.length ? f.toFixed(0) : '—'} | ${floor.length ? `${(p / f).toFixed(2)}×` : '—'} | ${page.map((x) => x.toFixed(0)).join(', ')} | ${before}-${load()} |`,
        );
      }
  } finally {
    await stack.close();
  }
}

for (const [i, path] of PATHS.entries()) await benchPath(path, i === 0);
