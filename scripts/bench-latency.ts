/**
 * `npm run bench:latency`: glass-to-glass latency of a pushed live, HLS and HTTP-FLV side by side
 * in one run. The real stack (API, worker in `wrangler dev`, the media server) runs on BENCH_PORT,
 * BENCH_PORT+1, BENCH_RTMP_PORT and BENCH_MEDIA_HTTP_PORT; ffmpeg pushes a clock burned into the
 * video (scripts/media-clock.ts) with a demo BJ's key, as an encoder would; Chromium reads the
 * clock back from every presented frame:
 * - hls: the channel's live page `/channels/{id}/live` as a guest, its own player (native HLS
 *   where Chromium has it, else hls.js), the master playlist signed by the API, through the worker;
 * - bp_flv: the same signed `urlDetail.flv` address through the worker, played by the site's own
 *   engine (src/islands/player/engines.ts → mpegts.js) in a page of the site's origin (the live
 *   page plays `sources[0]`, HLS, so it never picks FLV by itself).
 * Each round is a viewer arriving (fresh context), waiting BENCH_LATENCY_WARM_MS after the first
 * frame, then sampling for BENCH_LATENCY_SAMPLE_MS; rounds alternate the formats. Prints the
 * median of each round, the median over every frame, and the load average.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright';
import { median, startBenchStack, type BenchStack } from './bench-browser.ts';
import { demoKey, firstPlaylist, pushedLive } from './bench-ingest.ts';
import { enginePage, playerEnginesScript, pushClock, readClock, type ClockSamples } from './media-clock.ts';

const ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 3);
const WARM_MS = Number(process.env.BENCH_LATENCY_WARM_MS ?? 4000);
const SAMPLE_MS = Number(process.env.BENCH_LATENCY_SAMPLE_MS ?? 10_000);
const rtmpPort = Number(process.env.BENCH_RTMP_PORT ?? 19350);
const mediaHttpPort = Number(process.env.BENCH_MEDIA_HTTP_PORT ?? 8890);
const VIDEO = '[data-testid="player-video"]';
const ENGINE_SCRIPT = '/__bench/engines.js';
const FLV_PAGE = '/__bench/flv';

async function sample(page: Page): Promise<ClockSamples> {
  await page
    .waitForFunction((sel) => ((document.querySelector(sel) as HTMLVideoElement | null)?.currentTime ?? 0) > 0, VIDEO, {
      timeout: 30_000,
    })
    .catch(async (e: unknown) => {
      const state = await page.evaluate((sel) => {
        const v = document.querySelector(sel) as HTMLVideoElement | null;
        return v
          ? {
              src: v.currentSrc,
              readyState: v.readyState,
              networkState: v.networkState,
              error: v.error?.message ?? null,
            }
          : null;
      }, VIDEO);
      throw new Error(`${page.url()}: no frame in 30 s (${JSON.stringify(state)})`, { cause: e });
    });
  await page.waitForTimeout(WARM_MS);
  return page.evaluate(readClock, { selector: VIDEO, ms: SAMPLE_MS });
}

async function round(stack: BenchStack, format: 'hls' | 'bp_flv', channelId: number, engines: string) {
  const context = await stack.context();
  try {
    const page = await context.newPage();
    if (process.env.BENCH_DEBUG) {
      page.on('console', (m) => console.log(`[page] ${m.text()}`));
      page.on('requestfailed', (r) => console.log(`[page] failed ${r.url()} ${r.failure()?.errorText}`));
      page.on(
        'response',
        (r) => r.url().includes('/media/') && console.log(`[page] ${r.status()} ${r.url().slice(-60)}`),
      );
    }
    if (format === 'hls') {
      await page.goto(`${stack.base}/channels/${channelId}/live`);
    } else {
      // A fresh signed address per viewer, as the page would ask for it.
      const url = (await pushedLive(stack, channelId)).sources[0]!.urlDetail.flv.resolution[0]!.url;
      await page.route(`${stack.base}${ENGINE_SCRIPT}`, (r) =>
        r.fulfill({ contentType: 'text/javascript', body: engines }),
      );
      await page.route(`${stack.base}${FLV_PAGE}`, (r) =>
        r.fulfill({ contentType: 'text/html; charset=utf-8', body: enginePage('bp_flv', url, ENGINE_SCRIPT) }),
      );
      await page.goto(`${stack.base}${FLV_PAGE}`);
    }
    const result = await sample(page);
    const engine =
      format === 'hls'
        ? await page.locator('[data-engine]').first().getAttribute('data-engine')
        : await page.evaluate(() => (window as unknown as { __engine?: string }).__engine ?? null);
    return { ...result, engine };
  } finally {
    await context.close();
  }
}

const stack = await startBenchStack({ media: { rtmpPort, httpPort: mediaHttpPort } });
const seconds = Math.ceil((ROUNDS * 2 * (WARM_MS + SAMPLE_MS + 15_000)) / 1000) + 60;
let encoder: ReturnType<typeof pushClock> | null = null;
try {
  const { channelId, streamKey } = await demoKey(stack);
  encoder = pushClock(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, seconds);
  await pushedLive(stack, channelId);
  await firstPlaylist(stack, channelId);
  const engines = await playerEnginesScript();
  const all = { hls: [] as number[], bp_flv: [] as number[] };
  const rows: string[] = [];
  const load: number[][] = [];
  for (let i = 0; i < ROUNDS; i++)
    for (const format of ['hls', 'bp_flv'] as const) {
      const r = await round(stack, format, channelId, engines);
      load.push(loadavg());
      all[format].push(...r.latencies);
      const m = r.latencies.length ? median(r.latencies).toFixed(0) : '—';
      const ahead = r.ahead.length ? median(r.ahead).toFixed(0) : '—';
      rows.push(
        `| ${i + 1} | ${format} | ${r.engine ?? '?'} | ${m} | ${ahead} | ${(r.frames / (SAMPLE_MS / 1000)).toFixed(1)} | ${r.latencies.length}/${r.frames} |`,
      );
    }
  console.log(
    `glass-to-glass latency, ms (clock burned in by ffmpeg, read back in Chromium ${stack.browser.version()}; ${ROUNDS} rounds, ${WARM_MS} ms warm-up, ${SAMPLE_MS} ms sampled)`,
  );
  console.log(
    '| round | format | engine | median latency | of which buffered in the element | frames presented per s | ' +
      'frames read/presented |',
  );
  console.log('| ---: | --- | --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log('');
  console.log('| format | median over every frame | p10 | p90 |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const format of ['hls', 'bp_flv'] as const) {
    const s = [...all[format]].sort((a, b) => a - b);
    const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(0) : '—');
    console.log(`| ${format} | ${s.length ? median(s).toFixed(0) : '—'} | ${at(0.1)} | ${at(0.9)} |`);
  }
  const avg = (k: number) => (load.reduce((a, l) => a + l[k]!, 0) / load.length).toFixed(2);
  console.log(
    `\nload average during the run (1/5/15 min, mean over rounds): ${avg(0)} / ${avg(1)} / ${avg(2)} on ${navigator.hardwareConcurrency} cores`,
  );
} finally {
  await encoder?.stop();
  await stack.close();
}
