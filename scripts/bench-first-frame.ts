/**
 * `npm run bench:first-frame`: how long a visitor waits for a live's first video frame, side by
 * side with the floor, in one run. For each stream format a demo live of the stack has (hls: bj0001,
 * ivs: bj0002), and for a real ingest live (below), cold loads (fresh context, empty cache) at
 * 375 px in Chromium with the Korean fonts, alternating:
 * - the live page `/channels/{id}/live`, as a guest;
 * - the floor: a bare page of the same origin with one `<video muted autoplay>` of the same
 *   stream URL (the browser's own HLS): a static file among the site's (FLOOR_FILE, in the stack's
 *   copy of dist/, served without the worker's page path), its video's source set from its query by
 *   one line of script. Until 2026-11-29 Playwright answered the floor's document (`page.route`),
 *   and a routed page has every request of it paused and let through by Playwright: that slowed
 *   the floor's playlists and segments, ~40 ms on its first frame (docs/BENCHMARKS.md, "The floor
 *   was slowed by the bench"), so every live page's ratio before then was kinder to the page than it
 *   was (the FLV row's bare page, below, is still routed).
 * Each load's new window is left open WINDOW_OPEN_MS before it navigates, as a visitor's is.
 * The time is from navigation start to the first frame presented (`requestVideoFrameCallback`
 * after `loadeddata`), medians of BENCH_LOADS (5). Rows with BENCH_CPU_SLOWDOWN (default 4) repeat
 * it with Chromium's CPU throttling, a cheap phone's CPU; rows "4G" with a phone network's latency and
 * bandwidth (BENCH_NETWORK, below). Each worker path of BENCH_PATHS in turn
 * (default `wrangler,workerd`: `wrangler dev`, then workerd through Miniflare; scripts/bench-browser.ts),
 * each with its own stack, started once the machine is idle again (settle()); every row says its path
 * and the load average around it.
 *
 * The ingest rows (unless BENCH_INGEST=0): the stack also runs the media server (RTMP on
 * BENCH_RTMP_PORT, default 19350; its HTTP origin on BENCH_MEDIA_HTTP_PORT, default 8890), and
 * after the demo rows ffmpeg pushes a live as `bj0001` (scripts/bench-ingest.ts). BENCH_FORMATS
 * (e.g. `hls` or `hls,ingest`) keeps only those rows. BENCH_TRACE=1 prints, per load, what the
 * video did before its first frame (media events with the playhead and the buffered ranges).
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { errors, type BrowserContext } from 'playwright';
import { median, settle, startBenchStack, type BenchStack, type MediaPorts, type WorkerPath } from './bench-browser.ts';
import { demoKey, firstPlaylist, pushedLive } from './bench-ingest.ts';
import { enginePage, playerEnginesScript, pushClock } from './media-clock.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/**
 * A phone network (Chromium's network emulation on every request of the page: latency added to each
 * response, bandwidth capped), unless BENCH_NETWORK=none. Both sides pay it, documents, playlists and
 * segments alike.
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
/** Only these rows: stream formats of the demo lives (`hls`, `ivs`) and `ingest`; all by default. */
const FORMATS = process.env.BENCH_FORMATS?.split(',');
const MEDIA: MediaPorts | undefined =
  process.env.BENCH_INGEST === '0' || (FORMATS && !FORMATS.includes('ingest'))
    ? undefined
    : {
        rtmpPort: Number(process.env.BENCH_RTMP_PORT ?? 19350),
        httpPort: Number(process.env.BENCH_MEDIA_HTTP_PORT ?? 8890),
      };
/** The floor's page, under a path the site's assets answer without the worker (wrangler.jsonc `run_worker_first`). */
const FLOOR_FILE = 'demo-stream/bench-floor.html';
const FLOOR_PAGE =
  '<!doctype html><html lang="ko"><meta name="viewport" content="width=device-width"><title>floor</title>' +
  '<video muted autoplay playsinline style="width:100%;aspect-ratio:16/9"></video>' +
  "<script>document.querySelector('video').src = new URLSearchParams(location.search).get('src');</script></html>";
const floorPath = (src: string) => `/${FLOOR_FILE}?src=${encodeURIComponent(src)}`;
const FLV_PAGE = '/__bench/flv';
const ENGINE_SCRIPT = '/__bench/engines.js';

/** A response the bench itself gives for a path of the site's origin (the page never reaches the worker for it). */
interface Fulfil {
  contentType: string;
  body: string;
}

/** The console message FIRST_FRAME sends: this prefix, then the ms as a number. */
const FRAME_MESSAGE = '__first-frame ';
const TRACING = process.env.BENCH_TRACE === '1';

/**
 * Reports the time of the first presented frame of any video of the page as a console message
 * (FRAME_MESSAGE), which Playwright receives without running anything in the page: the bench
 * evaluates no script in it before then. Until 2026-11-29 it waited in a `page.evaluate` right
 * after the navigation's commit, and that evaluation (Playwright's own script compiled and run in
 * the page, 20-60 ms of its main thread in a trace) landed in the middle of the live page's
 * parsing, after the floor had already started its video: docs/BENCHMARKS.md, "The bench's own
 * script in the page".
 * For BENCH_TRACE=1 the message also carries what the video did before it: ms, event, playhead,
 * buffered ranges.
 */
const FIRST_FRAME = ({ tracing, prefix }: { tracing: boolean; prefix: string }) => {
  const trace: string[] = [];
  // Only when asked: the listeners would add work to every measured load.
  if (tracing)
    for (const type of [
      'loadstart',
      'loadedmetadata',
      'loadeddata',
      'canplay',
      'play',
      'playing',
      'seeking',
      'seeked',
      'waiting',
      'stalled',
    ])
      document.addEventListener(
        type,
        (e) => {
          const v = e.target as HTMLVideoElement;
          const ranges = Array.from(
            { length: v.buffered.length },
            (_, i) => `${v.buffered.start(i).toFixed(2)}-${v.buffered.end(i).toFixed(2)}`,
          ).join(' ');
          if (trace.length < 40)
            trace.push(
              `${performance.now().toFixed(0)} ${type} t=${v.currentTime.toFixed(2)} rs=${v.readyState} [${ranges}]`,
            );
        },
        { capture: true },
      );
  const report = (ms: number) => console.debug(`${prefix}${ms}${tracing ? ` ${trace.join(' | ')}` : ''}`);
  document.addEventListener(
    'loadeddata',
    (e) => {
      const video = e.target as HTMLVideoElement;
      if (video.requestVideoFrameCallback) video.requestVideoFrameCallback((now) => report(now));
      else report(performance.now());
    },
    { capture: true, once: true },
  );
};

/**
 * How long each load's new window is left open before the navigation. A fresh context is a new
 * browser window, and as a window opens Chromium (156 here) loads its own address-bar popup, a web
 * UI, in renderers of its own: hundreds of module requests of chrome://omnibox-popup.top-chrome and
 * chrome://resources. Until 2026-12-01 23:20 UTC the bench navigated in those same milliseconds, so
 * every load shared this machine's two cores with it: both sides were slower, the live page (longer,
 * and on its main thread) more. A visitor's window has done that before they navigate. Probed
 * (docs/BENCHMARKS.md, "The bench's new windows loaded Chromium's own UI"): after a 1.5 s wait no
 * chrome:// request is left during the load but a few of the theme's, and the ratio is the one the
 * popup's web UI switched off gives (`--disable-features=WebUIOmniboxPopup,…`, not used: Playwright
 * passes a `--disable-features` list of its own, which a second one may replace).
 */
const WINDOW_OPEN_MS = 1500;

/**
 * A load with no frame by then counts as a miss (Chromium's own HLS never starting a live:
 * src/islands/player/engines.ts nativeWedged).
 */
const NO_FRAME_MS = 15_000;

/**
 * A first frame: ms from navigation start, and whether hls.js showed it (the watchdog handed a wedged native start to
 * it).
 */
interface Frame {
  ms: number;
  hlsJs: boolean;
}

async function firstFrame(
  stack: BenchStack,
  path: string,
  { slowdown, network }: Conditions,
  fulfil: Record<string, Fulfil> = {},
): Promise<Frame | null> {
  const context: BrowserContext = await stack.context();
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_FRAME, { tracing: TRACING, prefix: FRAME_MESSAGE });
    for (const [p, answer] of Object.entries(fulfil))
      await page.route(`${stack.base}${p}`, (route) => route.fulfill(answer));
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
    // The visitor's window is open before they navigate (WINDOW_OPEN_MS).
    await sleep(WINDOW_OPEN_MS);
    const message = page
      .waitForEvent('console', { predicate: (m) => m.text().startsWith(FRAME_MESSAGE), timeout: NO_FRAME_MS })
      .then(
        (m) => m.text().slice(FRAME_MESSAGE.length),
        (e: unknown) => (e instanceof errors.TimeoutError ? null : Promise.reject(e)),
      );
    // Awaited below; a navigation that throws leaves it unawaited, and the context's close rejects it.
    message.catch(() => {});
    await page.goto(`${stack.base}${path}`, { waitUntil: 'commit' });
    const text = await message;
    const ms = text === null ? null : Number.parseFloat(text);
    if (TRACING) console.log(`[trace] ${path} frame ${ms?.toFixed(0) ?? 'none'}: ${text?.replace(/^\S+ ?/, '') ?? ''}`);
    if (ms === null) return null;
    // The site's hls.js chunk is asked for only when the player hands HLS over to it.
    const hlsJs = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((r) => /\/_astro\/hls\.[\w-]+\.js$/.test(r.name)),
    );
    return { ms, hlsJs };
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
    if (source && !out.has(source.format) && (!FORMATS || FORMATS.includes(source.format)))
      out.set(source.format, { live, url: source.url });
  }
  return out;
}

const load = () => loadavg()[0]!.toFixed(1);

/** One row of the table: a page of the site's origin against the bare floor of a playlist. */
interface Row {
  label: string;
  /** A path of the site's origin: the live page, or one the bench answers itself (`fulfil`). */
  page: string;
  fulfil?: Record<string, Fulfil>;
  /** The playlist the floor plays natively, or none (no native floor). */
  floor: string | null;
}

/**
 * One sample: a load that shows no frame in NO_FRAME_MS is counted in `misses` and loaded again
 * (at most MAX_MISSES times a row): the row says how many, a median of the loads that did not hang.
 */
const MAX_MISSES = 5;

async function measure(stack: BenchStack, path: WorkerPath, rows: Row[], conditions: Conditions[]): Promise<void> {
  for (const c of conditions)
    for (const row of rows) {
      const page: number[] = [];
      const floor: number[] = [];
      /** Indexes of the page's loads whose first frame hls.js showed. */
      const handed = new Set<number>();
      const misses = { page: 0, floor: 0 };
      const sample = async (side: 'page' | 'floor', once: () => Promise<Frame | null>, into: number[]) => {
        for (;;) {
          const t = await once();
          if (side === 'page' && t?.hlsJs) handed.add(into.length);
          if (t !== null) return void into.push(t.ms);
          if (++misses[side] + (side === 'page' ? misses.floor : misses.page) > MAX_MISSES)
            throw new Error(`${row.label}: ${MAX_MISSES} loads showed no frame`);
        }
      };
      const before = load();
      // A first load of each side warms the stack (worker, API, the floor's file, segment files) so that neither pays
      // it.
      await firstFrame(stack, row.page, conditions[0]!, row.fulfil);
      if (row.floor) await firstFrame(stack, floorPath(row.floor), conditions[0]!);
      for (let i = 0; i < LOADS; i++) {
        await sample('page', () => firstFrame(stack, row.page, c, row.fulfil), page);
        if (row.floor) await sample('floor', () => firstFrame(stack, floorPath(row.floor!), c), floor);
      }
      const p = median(page);
      const f = floor.length ? median(floor) : NaN;
      const missed =
        misses.page || misses.floor
          ? ` (no frame in ${NO_FRAME_MS / 1000} s, loaded again: page ${misses.page}, floor ${misses.floor})`
          : '';
      console.log(
        `| ${path} | ${row.label} | ${c.label} | ${p.toFixed(0)} | ${floor.length ? f.toFixed(0) : '—'} | ${floor.length ? `${(p / f).toFixed(2)}×` : '—'} | ${page.map((x, i) => `${x.toFixed(0)}${handed.has(i) ? ' (hls.js)' : ''}`).join(', ')}${missed} | ${before}-${load()} |`,
      );
    }
}

/**
 * A real ingest live: ffmpeg pushes as `bj0001` (taking over its demo live, as `npm run demo:push`
 * does) into the media server; once its HLS is out, the live page against the bare floor of the same
 * signed master playlist, and its FLV rendition played by the site's own engine (mpegts.js; Chromium
 * has no FLV of its own) in a bare page of the site's origin, against that same native HLS floor.
 * No live page of this platform plays FLV (an ingest live's `sources[0]` is HLS; FLV is offered to
 * recorders), so that row is what FLV costs at best, not a page's figure. That bare FLV page is still
 * answered by the bench (`fulfil`: its script is bundled at run time), so its requests pass through
 * Playwright and its ratio is somewhat unkind to it.
 */
async function ingestRows(stack: BenchStack, media: MediaPorts): Promise<{ rows: Row[]; stop(): Promise<number> }> {
  const { channelId, streamKey } = await demoKey(stack);
  const encoder = pushClock(`rtmp://127.0.0.1:${media.rtmpPort}/live/${streamKey}`, 3600);
  try {
    const answer = await pushedLive(stack, channelId);
    await firstPlaylist(stack, channelId);
    const master = answer.sources[0]!.url;
    const flv = answer.sources[0]!.urlDetail.flv.resolution[0]!.url;
    const engines: Fulfil = { contentType: 'text/javascript', body: await playerEnginesScript() };
    const flvPage: Fulfil = { contentType: 'text/html; charset=utf-8', body: enginePage('bp_flv', flv, ENGINE_SCRIPT) };
    return {
      rows: [
        { label: 'hls (ingest bj0001)', page: `/channels/${channelId}/live`, floor: master },
        {
          label: 'bp_flv (ingest bj0001: mpegts.js in a bare page)',
          page: FLV_PAGE,
          fulfil: { [FLV_PAGE]: flvPage, [ENGINE_SCRIPT]: engines },
          floor: master,
        },
      ],
      stop: () => encoder.stop(),
    };
  } catch (e) {
    await encoder.stop();
    throw e;
  }
}

async function benchPath(path: WorkerPath, header: boolean): Promise<void> {
  await settle();
  const stack = await startBenchStack({ path, media: MEDIA, files: { [FLOOR_FILE]: FLOOR_PAGE } });
  try {
    const lives = await livesByFormat(stack.base);
    if (header) {
      console.log(
        `first video frame at 375 px, ms from navigation (median of ${LOADS} cold loads; Chromium ${stack.browser.version()})`,
      );
      console.log(
        '| path | format (live) | CPU, network | live page | bare floor | ratio | live page loads | load avg |',
      );
      console.log('| --- | --- | --- | ---: | ---: | ---: | --- | --- |');
    }
    const conditions: Conditions[] = [
      { label: 'as is', slowdown: 1 },
      ...(SLOWDOWN > 1 ? [{ label: `${SLOWDOWN}× slower`, slowdown: SLOWDOWN }] : []),
      ...(NETWORK ? [{ label: NETWORK.label, slowdown: 1, network: NETWORK }] : []),
    ];
    const demo = [...lives].map(
      ([format, { live, url }]): Row => ({
        label: `${format} (${live.loginId})`,
        page: `/channels/${live.channelId}/live`,
        floor: url,
      }),
    );
    await measure(stack, path, demo, conditions);
    if (MEDIA) {
      const ingest = await ingestRows(stack, MEDIA);
      try {
        await measure(stack, path, ingest.rows, conditions);
      } finally {
        await ingest.stop();
      }
    }
  } finally {
    await stack.close();
  }
}

for (const [i, path] of PATHS.entries()) await benchPath(path, i === 0);
