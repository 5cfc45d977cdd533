/**
 * What the benches that push a live share (bench:latency, bench:media-viewers, bench:first-frame):
 * a demo BJ's stream key, asked as `npm run demo:push` does, and waiting for the pushed live to be
 * on the air. The stack must run the media server (`startBenchStack({ media })`).
 */
import { join } from 'node:path';
import { localMediaSecret } from '../media/settings.ts';
import type { BenchStack } from './bench-browser.ts';

export interface StreamAnswer {
  sources: { url: string; format: string; urlDetail: { flv: { resolution: { url: string }[] } } }[];
}

/** A stream key of the demo BJ `loginId` (the API's development route, opened with the media server's secret). */
export async function demoKey(
  stack: BenchStack,
  loginId = 'bj0001',
): Promise<{ channelId: number; streamKey: string }> {
  const secret = localMediaSecret(join(stack.dataDir, 'media'));
  const res = await fetch(`${stack.api}/api/ingest/demo-key?secret=${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId }),
  });
  if (!res.ok) throw new Error(`demo key refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as { channelId: number; streamKey: string };
}

/**
 * The channel's stream answer (a guest's, through the worker) once the pushed live is on the air: it has FLV
 * renditions, a seeded live none.
 */
export async function pushedLive(stack: BenchStack, channelId: number): Promise<StreamAnswer> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const res = await fetch(`${stack.base}/api/channels/${channelId}/stream?option=all`);
    if (res.ok) {
      const answer = (await res.json()) as StreamAnswer;
      if (answer.sources[0]?.urlDetail.flv.resolution[0]?.url) return answer;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the pushed live did not go on the air in 60 s');
}

/**
 * Resolves once the pushed live's master playlist answers, and `settleMs` more (viewers arrive to segments already
 * out).
 */
export async function firstPlaylist(stack: BenchStack, channelId: number, settleMs = 3000): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const res = await fetch(`${stack.base}/api/channels/${channelId}/stream?option=all`);
    const master = res.ok ? ((await res.json()) as StreamAnswer).sources[0]?.url : undefined;
    if (master && (await fetch(master)).ok) return void (await new Promise((r) => setTimeout(r, settleMs)));
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no HLS playlist of the pushed live in 30 s');
}
