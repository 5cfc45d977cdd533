/**
 * How long the channel has been live (`GET /api/channels/{id}/live-time`). The API's elapsed
 * seconds are anchored to this device's clock on arrival, so a wrong phone clock cannot skew it.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { LiveTime } from '../../domain/answers/channels.ts';
import { apiResult } from '../lib/api-client.ts';

export interface LiveTimeState {
  channelId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** This device's `Date.now()` at the moment the live started; null when off the air. */
  startedAtMs: number | null;
}

const state = map<LiveTimeState>({ channelId: null, status: 'idle', startedAtMs: null });
export const $liveTime: ReadableAtom<LiveTimeState> = state;

export async function loadLiveTime(channelId: number): Promise<void> {
  state.set({ channelId, status: 'loading', startedAtMs: null });
  const before = Date.now();
  const r = await apiResult<LiveTime>(`/api/channels/${channelId}/live-time`, { silent: true });
  if (state.get().channelId !== channelId) return;
  if (!r.ok) return state.set({ channelId, status: 'error', startedAtMs: null });
  state.set({
    channelId,
    status: 'ready',
    startedAtMs: r.value.broadcasting ? before - r.value.elapsedS * 1000 : null,
  });
}

/** `H:MM:SS` of a whole number of seconds. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}
