/**
 * $broadcastPanel: the owner's broadcast panel (state from `GET /api/channels/{id}/broadcast`, what
 * the BJ has typed, the outcome of the last action) with its actions. It lives outside the
 * component because the channel page remounts everything while it reloads after a start or stop,
 * and what the BJ typed and the outcome must survive that.
 */
import { map, type ReadableAtom } from 'nanostores';
import { BROADCAST_TITLE_MAX, livePasswordOk } from '../../domain/schemas/broadcast.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { loadChannelPage, refreshChannelTexts } from './channel.ts';

export interface BroadcastState {
  channelId: number;
  broadcasting: boolean;
  title: string;
  themeId: number | null;
  hasPassword: boolean;
  streamId: number | null;
  startedAt: string | null;
}

export interface BroadcastDraft {
  title: string;
  themeId: number | null;
  password: string;
  removePassword: boolean;
}

export type BroadcastAction = 'start' | 'save' | 'stop';
/** A field the draft must fix before anything is sent, or `request`: the API refused or was not reached (see `failure`). */
export type BroadcastError = 'title' | 'password' | 'request';

export interface BroadcastPanelState {
  channelId: number | null;
  status: 'loading' | 'ready' | 'error';
  state: BroadcastState | null;
  draft: BroadcastDraft;
  busy: BroadcastAction | null;
  /** The last action that succeeded; `announce` until the panel has shown it once. */
  done: { action: BroadcastAction; announce: boolean } | null;
  error: BroadcastError | null;
  failure: ApiFailure | null;
  /** Counts sends, so the same error twice still moves focus to its field again. */
  attempt: number;
}

const EMPTY_DRAFT: BroadcastDraft = { title: '', themeId: null, password: '', removePassword: false };
const panel = map<BroadcastPanelState>({
  channelId: null,
  status: 'loading',
  state: null,
  draft: EMPTY_DRAFT,
  busy: null,
  done: null,
  error: null,
  failure: null,
  attempt: 0,
});
export const $broadcastPanel: ReadableAtom<BroadcastPanelState> = panel;

const draftOf = (s: BroadcastState): BroadcastDraft => ({ title: s.title, themeId: s.themeId, password: '', removePassword: false });

/** Reads the state once per channel (a remount after the page reloads keeps what is here). */
export async function loadBroadcast(channelId: number, { force = false } = {}): Promise<void> {
  const now = panel.get();
  if (!force && now.channelId === channelId && now.status === 'ready') return;
  panel.set({
    ...now,
    channelId,
    status: 'loading',
    error: null,
    failure: null,
    ...(now.channelId === channelId ? {} : { state: null, draft: EMPTY_DRAFT, done: null }),
  });
  const r = await apiResult<BroadcastState>(`/api/channels/${channelId}/broadcast`, { silent: true });
  if (r.ok) panel.set({ ...panel.get(), status: 'ready', state: r.value, draft: draftOf(r.value) });
  else panel.setKey('status', 'error');
}

export function editDraft(patch: Partial<BroadcastDraft>): void {
  panel.setKey('draft', { ...panel.get().draft, ...patch });
}

export function noticeShown(): void {
  const done = panel.get().done;
  if (done?.announce) panel.setKey('done', { ...done, announce: false });
}

/** What is wrong with the draft before anything is sent, or null. */
export function draftError(draft: BroadcastDraft): BroadcastError | null {
  const title = draft.title.trim();
  if (!title || title.length > BROADCAST_TITLE_MAX) return 'title';
  if (!draft.removePassword && !livePasswordOk(draft.password)) return 'password';
  return null;
}

/** The POST body: a typed password sets it; "remove" opens the live; neither leaves it as it is. */
export function bodyOf(action: BroadcastAction, draft: BroadcastDraft): Record<string, unknown> {
  if (action === 'stop') return { on: false };
  const password = draft.removePassword ? { password: null } : draft.password ? { password: draft.password } : {};
  return { on: true, title: draft.title.trim(), themeId: draft.themeId, ...password };
}

/**
 * Starts, saves or ends the live. On failure the draft stays as typed; on success the channel page
 * follows (reloaded after a start or stop, its texts refreshed after a save).
 */
export async function runBroadcast(action: BroadcastAction): Promise<boolean> {
  const s = panel.get();
  if (!s.channelId || s.busy) return false;
  const invalid = action === 'stop' ? null : draftError(s.draft);
  const attempt = s.attempt + 1;
  if (invalid) {
    panel.set({ ...s, error: invalid, failure: null, done: null, attempt });
    return false;
  }
  panel.set({ ...s, busy: action, error: null, failure: null, done: null, attempt });
  const r = await apiResult<BroadcastState>(`/api/channels/${s.channelId}/broadcast`, { method: 'POST', body: bodyOf(action, s.draft), silent: true });
  if (!r.ok) {
    panel.set({ ...panel.get(), busy: null, error: 'request', failure: r.failure });
    return false;
  }
  const state = r.value;
  panel.set({ ...panel.get(), busy: null, status: 'ready', state, draft: draftOf(state), done: { action, announce: true } });
  // A start or stop brings or takes the player; a save only changes texts, so the BJ's own
  // player keeps playing.
  await (action === 'save' ? refreshChannelTexts : loadChannelPage)(s.channelId);
  return true;
}
