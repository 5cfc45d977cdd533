/**
 * One gift rush: every sender posts 1-luv gifts to the channel back to back for `seconds`, while
 * a guest socket in the channel's chat counts the gift announcements (each transfer id once) and
 * times each from its gift's answer; `viewers - 1` more guests sit in the room and only receive.
 */
import { io, type Socket } from 'socket.io-client';
import type { ChatEvent, GiftBatch, GiftEventData } from '../../domain/chat-events.ts';
import type { Senders, SenderCounts } from './books.ts';

export interface BurstOptions {
  origin: string;
  senders: Senders;
  seconds: number;
  /** The API process's CPU time so far, in ms. */
  cpuOf: () => number;
  /** Makes this run's Idempotency-Keys unique. */
  tag: string;
  /** Guests in the room, the counting one included. */
  viewers: number;
}

export interface BurstResult extends SenderCounts {
  ok: number;
  failed: number;
  /** The first failures' statuses and codes. */
  failures: string;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** p99 of every gift but each sender's first (which also opens its connection and session). */
  p99AfterFirstMs: number;
  cpuMsPerGift: number;
  /** This (sending) process's CPU per accepted gift: on a 2-core box it competes with the API. */
  clientCpuMsPerGift: number;
  /** Distinct accepted gifts announced in the room. */
  announced: number;
  /** Announcement seen minus answer received, per gift (negative: the chat was faster). */
  lagP50Ms: number;
  lagP99Ms: number;
}

const ANNOUNCE_WAIT_MS = 10_000;

function joinRoom(origin: string, room: string): Promise<Socket> {
  const socket = io(origin, { transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', async () => {
      const joined = await socket.emitWithAck('join', { room, streamId: null, source: 'web' });
      if (joined.ok) resolve(socket);
      else reject(new Error(`chat join refused: ${joined.code}`));
    });
    socket.once('connect_error', reject);
  });
}

async function listen(origin: string, room: string, viewers: number) {
  /** transfer id → when it was seen. */
  const seen = new Map<number, number>();
  let duplicates = 0;
  const count = (gift: GiftEventData) => {
    if (seen.has(gift.transferId)) duplicates++;
    else seen.set(gift.transferId, performance.now());
  };
  const socket = await joinRoom(origin, room);
  // The announcement's frame: `gifts` batches since the ledger batches, one `event` per gift before.
  socket.on('gifts', (batch: GiftBatch) => batch.gifts.forEach(count));
  socket.on('event', (e: ChatEvent) => (e.type === 'gift' ? count(e.data) : undefined));
  const others: Socket[] = [];
  for (let i = 1; i < viewers; i += 100)
    others.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, viewers - i) }, () => joinRoom(origin, room)))),
    );
  return {
    seen,
    duplicates: () => duplicates,
    close: () => [socket, ...others].forEach((s) => s.disconnect()),
  };
}

export async function burst({ origin, senders, seconds, cpuOf, tag, viewers }: BurstOptions): Promise<BurstResult> {
  const chat = await listen(origin, String(senders.channelId), viewers);
  /** transfer id → when its answer arrived. */
  const accepted = new Map<number, number>();
  const latencies: number[] = [];
  const afterFirst: number[] = [];
  const perSender = senders.members.map(() => 0);
  const failures = new Map<string, number>();
  const body = JSON.stringify({ channelId: senders.channelId, amount: 1, message: '' });
  const cpu0 = cpuOf();
  const client0 = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    senders.members.map(async (m, i) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        const res = await fetch(`${origin}/api/lives/send-luv`, {
          method: 'POST',
          headers: {
            cookie: `flx_oauth_access=${m.token}`,
            'idempotency-key': `burst-${tag}-${i}-${n}`,
            'content-type': 'application/json',
          },
          body,
        });
        const answer = (await res.json()) as { transferId?: number; error?: string };
        latencies.push(performance.now() - t0);
        if (n > 0) afterFirst.push(performance.now() - t0);
        if (res.status === 200 && typeof answer.transferId === 'number') {
          perSender[i]!++;
          accepted.set(answer.transferId, performance.now());
        } else {
          const what = `${res.status} ${answer.error ?? ''}`;
          failures.set(what, (failures.get(what) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = cpuOf() - cpu0;
  const client = process.cpuUsage(client0);
  const waitUntil = performance.now() + ANNOUNCE_WAIT_MS;
  const announced = () => [...accepted.keys()].filter((id) => chat.seen.has(id)).length;
  while (announced() < accepted.size && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  const duplicates = chat.duplicates();
  chat.close();
  const lags = [...accepted].flatMap(([id, answered]) => (chat.seen.has(id) ? [chat.seen.get(id)! - answered] : []));
  const pct = (values: number[], p: number) =>
    values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;
  const ok = accepted.size;
  const failed = [...failures.values()].reduce((a, b) => a + b, 0) + duplicates;
  if (duplicates) failures.set('announced twice', duplicates);
  return {
    ok,
    failed,
    failures: [...failures].map(([k, v]) => `${k}×${v}`).join(', '),
    seconds: elapsed,
    perSecond: ok / elapsed,
    p50Ms: pct(latencies, 0.5),
    p95Ms: pct(latencies, 0.95),
    p99Ms: pct(latencies, 0.99),
    p99AfterFirstMs: pct(afterFirst, 0.99),
    cpuMsPerGift: ok ? cpuMs / ok : 0,
    clientCpuMsPerGift: ok ? (client.user + client.system) / 1000 / ok : 0,
    announced: announced(),
    lagP50Ms: pct(lags, 0.5),
    lagP99Ms: pct(lags, 0.99),
    perSender,
  };
}
