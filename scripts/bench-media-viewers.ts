/**
 * `npm run bench:media-viewers`: how many viewers one media server process serves. The stack runs
 * (API, worker, the media server on BENCH_RTMP_PORT and BENCH_MEDIA_HTTP_PORT), ffmpeg pushes one
 * live (640x360 25 fps, 2.5 Mbit/s of noisy test pattern), and for each step N of BENCH_VIEWERS (default
 * 25,50,100,200,400) N HLS pullers and N HTTP-FLV pullers run for BENCH_VIEWERS_STEP_S seconds
 * against the media origin itself (with the worker's edge key, as the worker or a CDN in front of
 * it would fetch; the worker is not measured here):
 * - an HLS puller asks the rendition playlist every target duration (1 s) and fetches each new
 *   segment, as a player does; "late" is a segment whose download ended more than one segment
 *   duration after the playlist that named it was asked; a stall is 3 s without a new segment;
 * - an FLV puller holds one HTTP-FLV connection and counts bytes; a stall is 1 s without any.
 * CPU of the nginx worker (RTMP + HLS + the proxy to the relay) and of the FLV relay
 * (node-media-server) comes from /proc for each step; the pullers run in this process, on the same
 * machine, and their own CPU is printed beside them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { request, Agent, type IncomingMessage } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { MEDIA_EDGE_HEADER } from '../domain/media.ts';
import { localMediaSecret, mediaEdgeKey } from '../media/settings.ts';
import { median, startBenchStack } from './bench-browser.ts';
import { demoKey } from './bench-ingest.ts';

const STEPS = (process.env.BENCH_VIEWERS ?? '25,50,100,200,400').split(',').map(Number);
const STEP_S = Number(process.env.BENCH_VIEWERS_STEP_S ?? 20);
const rtmpPort = Number(process.env.BENCH_RTMP_PORT ?? 19350);
const httpPort = Number(process.env.BENCH_MEDIA_HTTP_PORT ?? 8890);
const SEGMENT_MS = 1000;
const TICKS_PER_S = 100;

const stack = await startBenchStack({ media: { rtmpPort, httpPort } });
const mediaDir = join(stack.dataDir, 'media');
const headers = { [MEDIA_EDGE_HEADER]: mediaEdgeKey(localMediaSecret(mediaDir, 'token-secret')) };
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function get(path: string, onResponse: (res: IncomingMessage) => void, onError: () => void) {
  const req = request({ host: '127.0.0.1', port: httpPort, path, headers, agent }, onResponse);
  req.on('error', onError);
  req.end();
  return req;
}

function fetchText(path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve) => {
    get(
      path,
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
      },
      () => resolve({ status: 0, body: Buffer.alloc(0) }),
    );
  });
}

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

function parentOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
}

/** The nginx worker and the FLV relay of this stack's media server. */
function mediaProcesses(): { nginx: number; relay: number } {
  const master = Number(readFileSync(join(mediaDir, 'conf/nginx.pid'), 'utf8').trim());
  const pids = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number);
  const alive = (pid: number) => {
    try {
      return parentOf(pid);
    } catch {
      return -1;
    }
  };
  const nginx = pids.find((p) => alive(p) === master);
  const starter = parentOf(master);
  const relay = pids.find(
    (p) => alive(p) === starter && p !== master && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('flv-relay'),
  );
  if (!nginx || !relay) throw new Error('media processes not found');
  return { nginx, relay };
}

interface HlsStats {
  segments: number;
  /** Media seconds fetched (the segments' EXTINF). */
  mediaS: number;
  late: number;
  stalls: number;
  fetchMs: number[];
}

async function hlsPuller(variant: string, until: number, stats: HlsStats): Promise<void> {
  const dir = variant.slice(0, variant.lastIndexOf('/') + 1);
  const seen = new Set<string>();
  let lastNew = Date.now();
  let first = true;
  while (Date.now() < until) {
    const asked = Date.now();
    const playlist = await fetchText(variant);
    const lines = playlist.body.toString().split('\n');
    // Each segment with its duration (the #EXTINF line before it).
    const names = lines.flatMap((l, i) =>
      l.endsWith('.ts') ? [{ name: l, s: Number(/^#EXTINF:([\d.]+)/.exec(lines[i - 1] ?? '')?.[1] ?? 0) }] : [],
    );
    // A player starts near the live edge: the newest segment first.
    if (first) for (const n of names.slice(0, -1)) seen.add(n.name);
    first = false;
    const fresh = names.filter((n) => !seen.has(n.name));
    for (const { name, s } of fresh) {
      seen.add(name);
      const t0 = Date.now();
      const seg = await fetchText(dir + name);
      if (seg.status !== 200) continue;
      stats.segments++;
      stats.mediaS += s;
      stats.fetchMs.push(Date.now() - t0);
      if (Date.now() - asked > SEGMENT_MS) stats.late++;
      lastNew = Date.now();
    }
    if (Date.now() - lastNew > 3000) {
      stats.stalls++;
      lastNew = Date.now();
    }
    await new Promise((r) => setTimeout(r, Math.max(0, SEGMENT_MS - (Date.now() - asked))));
  }
}

interface FlvStats {
  bytes: number;
  stalls: number;
  failed: number;
}

function flvPuller(path: string, until: number, stats: FlvStats): Promise<void> {
  return new Promise((resolve) => {
    let last = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - last > 1000) {
        stats.stalls++;
        last = Date.now();
      }
    }, 250);
    const done = () => {
      clearInterval(timer);
      resolve();
    };
    const req = get(
      path,
      (res) => {
        if (res.statusCode !== 200) stats.failed++;
        res.on('data', (c: Buffer) => {
          stats.bytes += c.length;
          last = Date.now();
        });
        res.on('end', done);
        res.on('error', done);
      },
      () => {
        stats.failed++;
        done();
      },
    );
    setTimeout(() => req.destroy(), until - Date.now());
  });
}

const encoder = pushLoad(`rtmp://127.0.0.1:${rtmpPort}/live/${(await demoKey(stack)).streamKey}`);

/**
 * A push at a BJ's usual rate: 640x360 25 fps with noise, so x264 spends its whole budget
 * (BENCH_VIEWERS_KBPS, default 2500 kbit/s video + 128 audio; a clean test pattern compresses to
 * a tenth of that and would flatter the server), a key frame every second.
 */
function pushLoad(target: string): ChildProcess {
  const kbps = Number(process.env.BENCH_VIEWERS_KBPS ?? 2500);
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-vf', 'noise=alls=30:allf=t'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
      ...['-b:v', `${kbps}k`, '-minrate', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`],
      ...['-c:a', 'aac', '-b:a', '128k', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** The pushed live's id, once its first HLS playlist is out. */
async function liveId(): Promise<number> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const hls = readdirSync(join(mediaDir, 'hls')).find((f) => /^\d+\.m3u8$/.test(f));
    if (hls) {
      const id = Number(hls.split('.')[0]);
      if ((await fetchText(`/hls/${id}_src/index.m3u8`)).status === 200) return id;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the pushed live wrote no playlist in 60 s');
}

try {
  const id = await liveId();
  await new Promise((r) => setTimeout(r, 3000));
  const procs = mediaProcesses();
  const rows: string[] = [];
  for (const n of STEPS) {
    const hls: HlsStats = { segments: 0, mediaS: 0, late: 0, stalls: 0, fetchMs: [] };
    const flv: FlvStats = { bytes: 0, stalls: 0, failed: 0 };
    const before = { nginx: cpuSeconds(procs.nginx), relay: cpuSeconds(procs.relay), self: process.cpuUsage() };
    const start = Date.now();
    const until = start + STEP_S * 1000;
    await Promise.all([
      ...Array.from({ length: n }, () => hlsPuller(`/hls/${id}_src/index.m3u8`, until, hls)),
      ...Array.from({ length: n }, () => flvPuller(`/flv/${id}.flv`, until, flv)),
    ]);
    const secs = (Date.now() - start) / 1000;
    const cpu = (s: number) => `${((s / secs) * 100).toFixed(0)}%`;
    const self = process.cpuUsage(before.self);
    const mbps = (flv.bytes * 8) / secs / n / 1e6;
    const p95 = [...hls.fetchMs].sort((a, b) => a - b)[Math.floor(hls.fetchMs.length * 0.95)] ?? NaN;
    rows.push(
      `| ${n} + ${n} | ${(hls.mediaS / secs / n).toFixed(2)} (${hls.segments}) | ${hls.late} | ${hls.stalls} | ${median(hls.fetchMs).toFixed(0)} / ${p95.toFixed(0)} | ${mbps.toFixed(2)} | ${flv.stalls} | ${flv.failed} | ${cpu(cpuSeconds(procs.nginx) - before.nginx)} | ${cpu(cpuSeconds(procs.relay) - before.relay)} | ${cpu((self.user + self.system) / 1e6)} | ${loadavg()[0]!.toFixed(2)} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\nviewers of one live per media server process (${STEP_S} s per step; one push of 640x360 25 fps at ${process.env.BENCH_VIEWERS_KBPS ?? 2500} + 128 kbit/s)`,
  );
  console.log(
    '| HLS + FLV pullers | HLS media s per s per viewer (segments) | late | HLS stalls | segment fetch ms p50 / p95 ' +
      '| FLV Mbit/s per viewer | FLV stalls | FLV failed | nginx worker CPU | FLV relay CPU | pullers CPU | load (1 ' +
      'min) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
} finally {
  encoder.kill('SIGINT');
  agent.destroy();
  await stack.close();
}
