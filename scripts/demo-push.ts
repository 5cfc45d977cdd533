/**
 * `npm run demo:push`: sends a real ffmpeg test pattern (testsrc2 with a tone and a burned-in
 * clock) to the local media server, so a newcomer sees ingest work end to end. With `--key KEY`
 * it pushes with that key; otherwise it asks the local API (development only) for a fresh key of
 * a demo BJ's channel (`--login`, default bj0001: its looping demo live is taken over while you
 * push, and ends into a recording when you stop). Options: `--seconds N` (default: until Ctrl-C),
 * `--size WxH` (default 640x360). Reads the same environment as `npm start` (API_PORT, RTMP_PORT,
 * MEDIA_HTTP_PORT, DATA_DIR or MEDIA_DIR, MEDIA_SECRET).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { mediaSettings } from '../media/settings.ts';
import { ensureMediaPackages } from '../media/packages.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf';

const { values: args } = parseArgs({
  options: {
    key: { type: 'string' },
    login: { type: 'string', default: 'bj0001' },
    seconds: { type: 'string' },
    size: { type: 'string', default: '640x360' },
  },
});
const env: NodeJS.ProcessEnv = { PLATFORM_ENV: 'development', ...process.env };
const settings = mediaSettings(env);
const apiPort = Number(env.API_PORT ?? 8788);
ensureMediaPackages();

async function demoKey(): Promise<{ streamKey: string; serverUrl: string }> {
  const url = `http://127.0.0.1:${apiPort}/api/ingest/demo-key?secret=${encodeURIComponent(settings.secret)}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: args.login }),
  }).catch(() => null);
  if (!res) throw new Error(`the API does not answer on 127.0.0.1:${apiPort}: start it first (npm start)`);
  const body = (await res.json()) as { streamKey?: string; serverUrl?: string; error_msg?: string };
  if (!res.ok || !body.streamKey || !body.serverUrl)
    throw new Error(`the API refused a demo key: ${res.status} ${body.error_msg ?? ''}`);
  return { streamKey: body.streamKey, serverUrl: body.serverUrl };
}

const { streamKey, serverUrl } = args.key
  ? { streamKey: args.key, serverUrl: `rtmp://127.0.0.1:${settings.rtmpPort}/live` }
  : await demoKey();
// Pushed to loopback whatever INGEST_RTMP_URL tells BJs: this runs on the media server's machine.
const target = `rtmp://127.0.0.1:${settings.rtmpPort}/live/${streamKey}`;
const seconds = args.seconds ? Number(args.seconds) : null;
const clock = existsSync(FONT)
  ? [
      `drawtext=fontfile=${FONT}:text='%{localtime\\:%T}':fontsize=40:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=20:y=20`,
    ]
  : [];
const ffmpegArgs = [
  ...['-hide_banner', '-loglevel', 'warning', '-re'],
  ...['-f', 'lavfi', '-i', `testsrc2=size=${args.size}:rate=30${seconds ? `:duration=${seconds}` : ''}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440${seconds ? `:duration=${seconds}` : ''}`],
  ...(clock.length ? ['-vf', clock.join(',')] : []),
  ...[
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '1500k',
  ],
  ...['-c:a', 'aac', '-b:a', '128k', '-f', 'flv', target],
];
console.log(`[demo:push] OBS would use: server ${serverUrl} · key ${streamKey}`);
console.log(
  `[demo:push] pushing ${args.size}${seconds ? ` for ${seconds} s` : ' until Ctrl-C'}; watch it on the channel page (/channels/<channel id>/live)`,
);
const ffmpeg = spawn('ffmpeg', ffmpegArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => ffmpeg.kill('SIGINT'));
ffmpeg.on('exit', (code) => {
  console.log(
    code === 0 || code === 255
      ? '[demo:push] stopped'
      : `[demo:push] ffmpeg exited with ${code} (a refused key ends it at once)`,
  );
  process.exit(code === 255 ? 0 : (code ?? 1));
});
