/**
 * A clock burned into pushed video, and its reader in the browser: the latency bench
 * (scripts/bench-latency.ts) and the ingest e2e specs use both.
 *
 * ffmpeg's own filters draw it (no OCR, no frame generator of ours): `setpts=RTCTIME` stamps each
 * frame with the wall clock when the filter graph takes it (the lavfi source is paced by `-re`,
 * so that is when the encoder gets the frame), and `geq` paints the low 32 bits of that time in
 * milliseconds as 16×2 black or white blocks of 20×20 px across the top of a 320×180 frame, with
 * the bitwise complement in the next two rows as a check. Below them a gradient moves every frame.
 * The browser draws each presented frame (`requestVideoFrameCallback`) into a canvas, reads the
 * blocks back, and takes `Date.now() - stamp` (one machine, one clock) as the glass-to-glass latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { build } from 'esbuild';

export const CLOCK_SIZE = { width: 320, height: 180 } as const;
export const CLOCK_FPS = 25;
const BLOCK = 20;
const MOD = 'mod(floor(T*1000),4294967296)';
const bit = (rowOffset: number) => `mod(floor(${MOD}/pow(2,floor(X/${BLOCK})+16*(floor(Y/${BLOCK})-${rowOffset}))),2)`;
/** Rows 0–1: the stamp's bits (least significant first); rows 2–3: their complement; below: a moving gradient. */
const LUMA = `if(lt(Y,${4 * BLOCK}),255*if(lt(Y,${2 * BLOCK}),${bit(0)},1-${bit(2)}),mod(X+N*4,256))`;

export interface ClockEncoder {
  child: ChildProcess;
  exited: Promise<number>;
  stop(): Promise<number>;
}

/**
 * How the encoder sends the clock: as this bench always has (320×180, 25 fps, x264 ultrafast
 * zerolatency 800k, a keyframe every second), or as a BJ's OBS does (`obs`: the pattern scaled to
 * 1280×720 at 30 fps, x264 veryfast at 2500 kbit/s CBR-like, OBS's default tuning, a keyframe every
 * `keyframeS` seconds; OBS recommends 2). The reader needs no change: it reads any size back at 320×180.
 */
export interface ClockPush {
  obs?: boolean;
  keyframeS?: number;
}

/**
 * `ffmpeg -re` pushing the clock pattern (ClockPush; a 440 Hz tone) to `target`
 * (rtmp://host:port/live/KEY) for `seconds`.
 */
export function pushClock(target: string, seconds: number, push: ClockPush = {}): ClockEncoder {
  const { width, height } = CLOCK_SIZE;
  const fps = push.obs ? 30 : CLOCK_FPS;
  const gop = String(Math.round(fps * (push.keyframeS ?? 1)));
  const encoder = push.obs
    ? ['-preset', 'veryfast', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-g', gop, '-keyint_min', gop]
    : ['-preset', 'ultrafast', '-tune', 'zerolatency', '-g', gop, '-b:v', '800k'];
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-re', '-f', 'lavfi', '-i', `color=c=gray:size=${width}x${height}:rate=${fps}:duration=${seconds}`],
      ...['-re', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...[
        '-vf',
        `settb=1/1000000,setpts=RTCTIME,geq=lum='${LUMA}':cb=128:cr=128,setpts=N/${fps}/TB` +
          (push.obs ? ',scale=1280:720:flags=neighbor' : ''),
      ],
      ...['-c:v', 'libx264', ...encoder, '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', push.obs ? '160k' : '64k', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return {
    child,
    exited,
    stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

export interface ClockSamples {
  /** Latency of each decoded frame, ms. */
  latencies: number[];
  /** The stamp of each decoded frame (wall clock ms mod 2^32), in presentation order. */
  stamps: number[];
  /** Frames presented while sampling, decoded or not. */
  frames: number;
  /** At each frame, how much media the element held ahead of the playhead (buffered end − currentTime), ms. */
  ahead: number[];
}

/**
 * Runs in the page (`page.evaluate(readClock, { selector, ms })`): for `ms` milliseconds, reads the
 * stamp of every presented frame of the video and returns the latencies of those whose check holds.
 */
export function readClock({ selector, ms }: { selector: string; ms: number }): Promise<ClockSamples> {
  const video = document.querySelector(selector) as HTMLVideoElement;
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const latencies: number[] = [];
  const stamps: number[] = [];
  const ahead: number[] = [];
  let frames = 0;
  const until = performance.now() + ms;
  return new Promise((resolve) => {
    const onFrame = () => {
      const seen = Date.now();
      frames++;
      const b = video.buffered;
      if (b.length) ahead.push((b.end(b.length - 1) - video.currentTime) * 1000);
      ctx.drawImage(video, 0, 0, 320, 180);
      const px = ctx.getImageData(0, 0, 320, 80).data;
      const lit = (x: number, y: number) => px[(y * 320 + x) * 4]! > 128;
      let stamp = 0;
      let ok = true;
      for (let i = 0; i < 32 && ok; i++) {
        const x = (i % 16) * 20 + 10;
        const y = Math.floor(i / 16) * 20 + 10;
        const one = lit(x, y);
        ok = one !== lit(x, y + 40);
        if (one) stamp += 2 ** i;
      }
      if (ok) {
        stamps.push(stamp);
        latencies.push(((seen % 2 ** 32) - stamp + 2 ** 32) % 2 ** 32);
      }
      if (performance.now() < until) video.requestVideoFrameCallback(onFrame);
      else resolve({ latencies, stamps, frames, ahead });
    };
    video.requestVideoFrameCallback(onFrame);
  });
}

/**
 * The site's own playback engines (src/islands/player/engines.ts: mpegts.js for `bp_flv`, native
 * HLS or hls.js for `hls`) as one classic script that sets `window.FlxEngines`, for a page the
 * test serves at the site's origin. The IVS engine is left out (its wasm assets are Vite's).
 */
export async function playerEnginesScript(): Promise<string> {
  const root = new URL('..', import.meta.url).pathname;
  const out = await build({
    entryPoints: [`${root}src/islands/player/engines.ts`],
    bundle: true,
    format: 'iife',
    globalName: 'FlxEngines',
    write: false,
    minify: true,
    external: ['./ivs-engine.ts'],
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

/**
 * A same-origin page with one muted video played by the site's engine for `format` (`window.__engine` once attached).
 */
export function enginePage(format: 'bp_flv' | 'hls', url: string, scriptPath: string): string {
  const attach = `FlxEngines.attachEngine(document.getElementById('v'), ${JSON.stringify(format)}, ${JSON.stringify(url)}, { onFatal() { window.__fatal = true; }, onEngine() {}, onFallback() {} }).then((e) => { window.__engine = e.name; e.play(); });`;
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>player</title><video id="v" data-testid="player-video" aria-label="live" muted autoplay playsinline style="width:640px;aspect-ratio:16/9"></video><script src="${scriptPath}"></script><script>${attach}</script></html>`;
}
