/**
 * `npm run bench:latency`: glass-to-glass latency of a pushed live on the channel's live page, in
 * the player's default mode and its low-latency mode, with the encoder sending a keyframe every 2
 * seconds (OBS's recommendation) and every second. The real stack (API, worker in `wrangler dev`,
 * the media server with its transcoding ladder, media/ladder.ts) runs on BENCH_PORT, BENCH_PORT+1,
 * BENCH_RTMP_PORT and BENCH_MEDIA_HTTP_PORT; ffmpeg pushes a clock burned into the video
 * (scripts/media-clock.ts) as a BJ's OBS would (1280×720 at 30 fps, x264 veryfast 2500 kbit/s) with
 * a demo BJ's key; Chromium reads the clock back from every presented frame:
 * - default: the live page `/channels/{id}/live` as a guest, its own player (hls.js on Auto,
 *   src/islands/player/hls-engine.ts), the master playlist signed by the API, through the worker;
 * - low-latency: the same page with the viewer's low-latency mode remembered on (localStorage
 *   `player.lowLatency`): HTTP-FLV of the top transcoded rung through mpegts.js (flv-engine.ts).
 * Each round is a viewer arriving (fresh context, a phone's screen), waiting BENCH_LATENCY_WARM_MS
 * after the first frame, then sampling for BENCH_LATENCY_SAMPLE_MS; rounds alternate the modes.
 * BENCH_LATENCY_KEYFRAMES (default `2,1`) lists the encoder's keyframe intervals, one push each.
 * Prints each round, the median over every frame per interval and mode, and the load average.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright';
import { median, startBenchStack, type BenchStack } from './bench-browser.ts';
import { demoKey, firstPlaylist, pushedLive } from './bench-ingest.ts';
import { pushClock, readClock, type ClockSamples } from './media-clock.ts';

const ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 3);
const WARM_MS = Number(process.env.BENCH_LATENCY_WARM_MS ?? 4000);
const SAMPLE_MS = Number(process.env.BENCH_LATENCY_SAMPLE_MS ?? 10_000);
const KEYFRAMES = (process.env.BENCH_LATENCY_KEYFRAMES ?? '2,1').split(',').map(Number);
const rtmpPort = Number(process.env.BENCH_RTMP_PORT ?? 19350);
const mediaHttpPort = Number(process.env.BENCH_MEDIA_HTTP_PORT ?? 8890);
const VIDEO = '[data-testid="player-video"]';
const MODES = ['default', 'low-latency'] as const;
type Mode = (typeof MODES)[number];

async function sample(page: Page): Promise<ClockSamples> {
  await page
    .waitForFunction((sel) => ((document.querySelector(sel) as HTMLVideoElement | null)?.currentTime ?? 0) > 0, VIDEO, {
      timeout: 30_000,
    })
    .catch(async (e: unknown) => {
      const state = await page.evaluate((sel) => {
        const v = document.querySelector(sel) as HTMLVideoElement | null;
        return v ? { src: v.currentSrc, readyState: v.readyState, error: v.error?.message ?? null } : null;
      }, VIDEO);
      throw new Error(`${page.url()}: no frame in 30 s (${JSON.stringify(state)})`, { cause: e });
    });
  await page.waitForTimeout(WARM_MS);
  return page.evaluate(readClock, { selector: VIDEO, ms: SAMPLE_MS });
}

/** The rung in a media address (`…/7_480p/3.ts`, `…/flv/7_480p.flv`; `…/flv/7.flv` is the source), or null. */
function renditionOf(url: string): string | null {
  const path = new URL(url).pathname;
  if (/\/flv\/\d+\.flv$/.test(path)) return 'src';
  return /\/\d+_([A-Za-z0-9]+)(?:\/[^/]+\.(?:ts|m4s)|\.flv)$/.exec(path)?.[1] ?? null;
}

async function round(stack: BenchStack, mode: Mode, channelId: number) {
  const context = await stack.context();
  try {
    await context.addInitScript((on) => {
      localStorage.setItem('player.lowLatency', on ? '1' : '0');
      localStorage.setItem('player.quality', 'auto');
    }, mode === 'low-latency');
    const page = await context.newPage();
    // The last rendition asked for (a live HTTP-FLV response never ends, so resource timing never lists it).
    let rendition: string | null = null;
    page.on('request', (r) => void (rendition = renditionOf(r.url()) ?? rendition));
    if (process.env.BENCH_DEBUG) page.on('console', (m) => console.log(`[page] ${m.text()}`));
    await page.goto(`${stack.base}/channels/${channelId}/live`);
    const result = await sample(page);
    const engine = await page.locator('[data-engine]').first().getAttribute('data-engine');
    return { ...result, engine, rendition };
  } finally {
    await context.close();
  }
}

/** Resolves once the live's master lists the transcoded rungs and a rung's playlist moves on. */
async function laddered(stack: BenchStack, channelId: number): Promise<number> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const answer = await pushedLive(stack, channelId);
    const master = await (await fetch(answer.sources[0]!.url)).text().catch(() => '');
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF')).length;
    const rung = master.split('\n').find((l) => /_\d+p\d*\/index\.m3u8/.test(l));
    if (variants >= 2 && rung) {
      const at = new URL(rung, answer.sources[0]!.url).href;
      const before = await (await fetch(at)).text();
      await sleep(1500);
      if ((await (await fetch(at)).text()) !== before) return variants;
    }
    await sleep(1000);
  }
  throw new Error('the pushed live was not offered as transcoded rungs in 60 s');
}

const stack = await startBenchStack({ media: { rtmpPort, httpPort: mediaHttpPort } });
// Long enough for the slowest rounds; the push is stopped once its rounds are done.
const seconds = Math.ceil((ROUNDS * MODES.length * (WARM_MS + SAMPLE_MS + 45_000)) / 1000) + 300;
const rows: string[] = [];
const totals: string[] = [];
const load: number[][] = [loadavg()];
try {
  for (const keyframeS of KEYFRAMES) {
    const { channelId, streamKey } = await demoKey(stack);
    const encoder = pushClock(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, seconds, { obs: true, keyframeS });
    try {
      await pushedLive(stack, channelId);
      await firstPlaylist(stack, channelId, 0);
      const variants = await laddered(stack, channelId);
      console.error(`[bench] keyframes every ${keyframeS} s: ${variants} variants on offer`);
      await sleep(3000);
      const all: Record<Mode, number[]> = { default: [], 'low-latency': [] };
      for (let i = 0; i < ROUNDS; i++)
        for (const mode of MODES) {
          const r = await round(stack, mode, channelId);
          load.push(loadavg());
          console.error(
            `[bench] ${keyframeS} s ${mode} round ${i + 1}: ${r.engine} ${r.rendition} ${r.latencies.length ? median(r.latencies).toFixed(0) : '—'} ms`,
          );
          all[mode].push(...r.latencies);
          const m = r.latencies.length ? median(r.latencies).toFixed(0) : '—';
          const ahead = r.ahead.length ? median(r.ahead).toFixed(0) : '—';
          rows.push(
            `| ${keyframeS} s | ${i + 1} | ${mode} | ${r.engine ?? '?'} | ${r.rendition ?? '?'} | ${m} | ${ahead} | ` +
              `${(r.frames / (SAMPLE_MS / 1000)).toFixed(1)} | ${r.latencies.length}/${r.frames} |`,
          );
        }
      for (const mode of MODES) {
        const s = [...all[mode]].sort((a, b) => a - b);
        const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(0) : '—');
        totals.push(
          `| ${keyframeS} s | ${mode} | ${variants} | ${s.length ? median(s).toFixed(0) : '—'} | ${at(0.1)} | ${at(0.9)} |`,
        );
      }
    } finally {
      await encoder.stop();
    }
    // The live ends with the push; the next one starts on a clean slate.
    await sleep(10_000);
  }
  console.log(
    `glass-to-glass latency, ms (clock burned in by ffmpeg as OBS would send it: 1280×720 30 fps x264 veryfast 2500k; read back in Chromium ${stack.browser.version()}; ${ROUNDS} rounds, ${WARM_MS} ms warm-up, ${SAMPLE_MS} ms sampled)`,
  );
  console.log(
    '| keyframes | round | mode | engine | rendition | median latency | of which buffered in the element | frames presented per s | frames read/presented |',
  );
  console.log('| --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log('');
  console.log('| keyframes | mode | variants offered | median over every frame | p10 | p90 |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const row of totals) console.log(row);
  const avg = (k: number) => (load.reduce((a, l) => a + l[k]!, 0) / load.length).toFixed(2);
  console.log(
    `\nload average during the run (1/5/15 min, mean over rounds): ${avg(0)} / ${avg(1)} / ${avg(2)} on ${navigator.hardwareConcurrency} cores`,
  );
} finally {
  await stack.close();
}
