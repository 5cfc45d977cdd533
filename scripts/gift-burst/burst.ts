/**
 * One gift rush: every sender posts 1-luv gifts to the channel back to back for `seconds`, while
 * a guest socket in the channel's chat counts the gift announcements (each transfer id once).
 */
import { io } from 'socket.io-client';
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
}

export interface BurstResult extends SenderCounts {
  ok: number;
  failed: number;
  /** The first failures' statuses and codes. */
  failures: string;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerGift: number;
  /** Distinct accepted gifts announced in the room. */
  announced: number;
}

const ANNOUNCE_WAIT_MS = 10_000;

async function listen(origin: string, room: string) {
  const seen = new Set<number>();
  let duplicates = 0;
  const count = (gift: GiftEventData) => {
    if (seen.has(gift.transferId)) duplicates++;
    seen.add(gift.transferId);
  };
  const socket = io(origin, { transports: ['websocket'], forceNew: true, reconnection: false });
  // The announcement's frame: `gifts` batches since the ledger batches, one `event` per gift before.
  socket.on('gifts', (batch: GiftBatch) => batch.gifts.forEach(count));
  socket.on('event', (e: ChatEvent) => (e.type === 'gift' ? count(e.data) : undefined));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await socket.emitWithAck('join', { room, streamId: null, source: 'web' });
  if (!joined.ok) throw new Error(`chat join refused: ${joined.code}`);
  return { seen, duplicates: () => duplicates, close: () => socket.disconnect() };
}

export async function burst({ origin, senders, seconds, cpuOf, tag }: BurstOptions): Promise<BurstResult> {
  const chat = await listen(origin, String(senders.channelId));
  const accepted = new Set<number>();
  const latencies: number[] = [];
  const perSender = senders.members.map(() => 0);
  const failures = new Map<string, number>();
  const body = JSON.stringify({ channelId: senders.channelId, amount: 1, message: '' });
  const cpu0 = cpuOf();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    senders.members.map(async (m, i) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        const res = await fetch(`${origin}/api/lives/send-luv`, {
          method: 'POST',
          headers: { cookie: `flx_oauth_access=${m.token}`, 'idempotency-key': `burst-${tag}-${i}-${n}`, 'content-type': 'application/json' },
          body,
        });
        const answer = (await res.json()) as { transferId?: number; error?: string };
        latencies.push(performance.now() - t0);
        if (res.status === 200 && typeof answer.transferId === 'number') {
          perSender[i]!++;
          accepted.add(answer.transferId);
        } else {
          const what = `${res.status} ${answer.error ?? ''}`;
          failures.set(what, (failures.get(what) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = cpuOf() - cpu0;
  const waitUntil = performance.now() + ANNOUNCE_WAIT_MS;
  const announced = () => [...accepted].filter((id) => chat.seen.has(id)).length;
  while (announced() < accepted.size && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  const duplicates = chat.duplicates();
  chat.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  const ok = accepted.size;
  const failed = [...failures.values()].reduce((a, b) => a + b, 0) + duplicates;
  if (duplicates) failures.set('announced twice', duplicates);
  return {
    ok,
    failed,
    failures: [...failures].map(([k, v]) => `${k}×${v}`).join(', '),
    seconds: elapsed,
    perSecond: ok / elapsed,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    cpuMsPerGift: ok ? cpuMs / ok : 0,
    announced: announced(),
    perSender,
  };
}
