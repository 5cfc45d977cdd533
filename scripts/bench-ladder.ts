/**
 * `npm run bench:ladder`: what the transcoding ladder (media/ladder.ts) costs on this machine.
 * Real stack (tests/ingest/harness.ts: API, nginx-rtmp, the relay, the supervisor); an encoder as
 * OBS sends (testsrc2 1280x720 30 fps, x264 veryfast 2500 kbit/s, 2-s keyframes) pushes for
 * `--seconds`; once the rungs warmed up, each ffmpeg's CPU time is read from /proc/<pid>/stat over
 * the measuring window, with the speed the supervisor measured. `--lives N` pushes N lives at once
 * (does the ladder keep up, or drop rungs?). Run under `flock /tmp/flx-bench.lock`; it prints
 * `uptime` before and after.
 * "cores" is CPU seconds per second of wall time; "cores at 1.0x" is CPU seconds per second of live
 * video the rung put out (what it needs to keep up, however busy the machine was).
 *   node scripts/bench-ladder.ts [--seconds 60] [--lives 1] [--ladder 720p30:2800k,480p30:1200k,360p30:700k]
 *     [--preset veryfast] [--min-speed 1]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { issueStreamKey } from '../api/ingest/keys.ts';
import { liveOf, startIngestStack, waitFor } from '../tests/ingest/harness.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    lives: { type: 'string', default: '1' },
    ladder: { type: 'string', default: '720p30:2800k,480p30:1200k,360p30:700k' },
    preset: { type: 'string', default: 'veryfast' },
    // The supervisor's threshold; 0.01 keeps every rung however busy the machine (to measure each).
    'min-speed': { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const lives = Number(values.lives);
const WARMUP_S = 10;
const TICK_HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User + system CPU seconds a process has used so far, or null when it is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK_HZ;
  } catch {
    return null;
  }
}

/** OBS's usual settings: x264 veryfast, 2500 kbit/s CBR-ish, 2-s keyframes, AAC 160k. */
function obs(url: string): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds + 20}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds + 20}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k'],
      ...['-g', '60', '-keyint_min', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '160k', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(`before: ${uptime()}`);
const stack = await startIngestStack({
  graceMs: 2000,
  env: {
    MEDIA_LADDER: values.ladder,
    MEDIA_LADDER_PRESET: values.preset,
    MEDIA_GOP_S: '0.5',
    MEDIA_LADDER_MIN_SPEED: values['min-speed'],
  },
});
const encoders: ChildProcess[] = [];
try {
  const ids: number[] = [];
  for (let i = 0; i < lives; i++) {
    const channelId = await stack.newChannel(`bench${i}`);
    const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
    encoders.push(obs(`${stack.rtmpUrl}/${streamKey}`));
    ids.push((await waitFor('the live', () => liveOf(stack.database, channelId), 20_000)).id);
  }
  const rungsUrl = `http://127.0.0.1:${stack.ports.ladder}/ladder/rungs?secret=${encodeURIComponent(stack.env.MEDIA_SECRET!)}`;
  type Running = Record<string, Record<string, { pid: number; speed: number | null; outS: number | null }>>;
  const running = async () => (await (await fetch(rungsUrl)).json()) as Running;
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  // Every live's rungs running and reporting progress before the window opens (a loaded machine is slow to start them).
  const start = await waitFor(
    'every rung reporting progress',
    async () => {
      const now = await running();
      const ready = ids.every((id) => {
        const rungs = Object.values(now[id] ?? {});
        return rungs.length > 0 && rungs.every((r) => r.outS !== null);
      });
      return ready ? now : null;
    },
    60_000,
  );
  const before = new Map<number, number>();
  for (const rungs of Object.values(start))
    for (const { pid } of Object.values(rungs)) before.set(pid, cpuSeconds(pid) ?? 0);
  const encBefore = encoders.map((e) => cpuSeconds(e.pid!) ?? 0);
  const window = seconds - WARMUP_S;
  const speeds = new Map<string, number[]>();
  for (let t = 0; t < window; t += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    for (const [id, rungs] of Object.entries(await running()))
      for (const [name, { speed }] of Object.entries(rungs))
        if (speed !== null) speeds.set(`${id}/${name}`, [...(speeds.get(`${id}/${name}`) ?? []), speed]);
  }
  const end = await running();
  console.log(
    `\n${lives} live(s), ladder ${values.ladder}, preset ${values.preset}, window ${window} s after ${WARMUP_S} s warm-up`,
  );
  console.log('live  rung   cpu s   cores   cores at 1.0x   speed (min..max)   still running');
  let total = 0;
  let totalAtRealTime = 0;
  for (const id of ids) {
    let live = 0;
    let liveAtRealTime = 0;
    for (const [name, { pid, outS }] of Object.entries(start[id] ?? {})) {
      const used = (cpuSeconds(pid) ?? Number.NaN) - before.get(pid)!;
      const out = (end[id]?.[name]?.outS ?? Number.NaN) - (outS ?? Number.NaN);
      const s = speeds.get(`${id}/${name}`) ?? [];
      const alive = end[id]?.[name] !== undefined;
      if (Number.isFinite(used)) live += used;
      if (Number.isFinite(used / out)) liveAtRealTime += used / out;
      const cells = [
        used.toFixed(1).padStart(6),
        (used / window).toFixed(2).padStart(6),
        (used / out).toFixed(2).padStart(10),
        `     ${s.length ? `${Math.min(...s).toFixed(2)}..${Math.max(...s).toFixed(2)}` : 'n/a'}`.padEnd(20),
        alive ? 'yes' : 'DROPPED',
      ];
      console.log(`${id}  ${name.padEnd(5)}  ${cells.join('  ')}`);
    }
    total += live;
    totalAtRealTime += liveAtRealTime;
    console.log(
      `${id}  all    ${live.toFixed(1).padStart(6)}  ${(live / window).toFixed(2).padStart(6)}  ${liveAtRealTime.toFixed(2).padStart(10)}   (the rungs of one live)`,
    );
  }
  console.log(
    `all rungs of all lives: ${(total / window).toFixed(2)} cores; at 1.0x: ${totalAtRealTime.toFixed(2)} cores`,
  );
  const enc = encoders.map((e, i) => (cpuSeconds(e.pid!) ?? 0) - encBefore[i]!);
  console.log(
    `encoder(s) (OBS stand-in, on this machine too): ${(enc.reduce((a, b) => a + b, 0) / window).toFixed(2)} cores`,
  );
} finally {
  for (const e of encoders) e.kill('SIGKILL');
  await stack.close();
  console.log(`after: ${uptime()}`);
}
process.exit(0);
