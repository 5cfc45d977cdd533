/**
 * $broadcastPanel: the owner's broadcast panel (state from `GET /api/channels/{id}/broadcast`, what
 * the BJ has typed, the outcome of the last action, the stream key shown in full right after it
 * was issued) with its actions. It lives outside the component because the channel page remounts
 * everything while it reloads after a start or stop, and what the BJ typed, the outcome and the
 * key just issued must survive that. A reload of the page forgets the key: it is masked after.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { BroadcastState, BroadcastSwitched, IssuedKey } from '../../domain/answers/broadcast.ts';
import { BROADCAST_TITLE_MAX, livePasswordOk } from '../../domain/schemas/broadcast.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { loadChannelPage, refreshChannelTexts } from './channel.ts';

export type { BroadcastState, IngestState, IssuedKey } from '../../domain/answers/broadcast.ts';

export interface BroadcastDraft {
  title: string;
  themeId: number | null;
  password: string;
  removePassword: boolean;
  adult: boolean;
}

export type BroadcastAction = 'start' | 'save' | 'stop';
/**
 * A field the draft must fix before anything is sent, or `request`: the API refused or was not reached (see `failure`).
 */
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
  /** The key just issued, shown in full until the page is left (null: masked). */
  issuedKey: IssuedKey | null;
  /** The issued key is readable on screen (it starts hidden: a BJ's screen is often on the air). */
  keyRevealed: boolean;
  keyBusy: boolean;
  keyFailure: ApiFailure | null;
  /** What was copied last (or that the browser refused), for the polite notice. */
  copied: 'server' | 'key' | 'failed' | null;
}

const EMPTY_DRAFT: BroadcastDraft = { title: '', themeId: null, password: '', removePassword: false, adult: false };
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
  issuedKey: null,
  keyRevealed: false,
  keyBusy: false,
  keyFailure: null,
  copied: null,
});
export const $broadcastPanel: ReadableAtom<BroadcastPanelState> = panel;

const draftOf = (s: BroadcastState): BroadcastDraft => ({
  title: s.title,
  themeId: s.themeId,
  password: '',
  removePassword: false,
  adult: s.adult,
});

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
    ...(now.channelId === channelId
      ? {}
      : {
          state: null,
          draft: EMPTY_DRAFT,
          done: null,
          issuedKey: null,
          keyRevealed: false,
          keyFailure: null,
          copied: null,
        }),
  });
  const r = await apiResult<BroadcastState>(`/api/channels/${channelId}/broadcast`, { silent: true });
  if (r.ok) panel.set({ ...panel.get(), status: 'ready', state: r.value, draft: draftOf(r.value) });
  else panel.setKey('status', 'error');
}

/**
 * Re-reads the state in place (the live came or went, the encoder connected or dropped): what the
 * BJ typed stays. Failures are quiet: the next refresh or action tells.
 */
export async function refreshBroadcast(channelId: number): Promise<void> {
  const s = panel.get();
  if (s.channelId !== channelId || s.status !== 'ready' || s.busy) return;
  const r = await apiResult<BroadcastState>(`/api/channels/${channelId}/broadcast`, { silent: true });
  if (r.ok && panel.get().channelId === channelId) panel.setKey('state', r.value);
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
  return { on: true, title: draft.title.trim(), themeId: draft.themeId, adult: draft.adult, ...password };
}

/**
 * Issues the channel's stream key, or regenerates it (the old one stops working, a push with it is
 * cut): the answer is the only time the key is seen in full, so it is kept here to show.
 */
export async function issueKey(): Promise<boolean> {
  const s = panel.get();
  if (!s.channelId || s.keyBusy) return false;
  panel.set({ ...s, keyBusy: true, keyFailure: null, copied: null });
  const r = await apiResult<IssuedKey>('/api/my/channel/stream-key', { method: 'POST', silent: true });
  if (!r.ok) {
    panel.set({ ...panel.get(), keyBusy: false, keyFailure: r.failure });
    return false;
  }
  panel.set({ ...panel.get(), keyBusy: false, issuedKey: r.value, keyRevealed: false });
  const state = await apiResult<BroadcastState>(`/api/channels/${s.channelId}/broadcast`, { silent: true });
  if (state.ok) panel.setKey('state', state.value);
  return true;
}

/** Shows or hides the characters of the key just issued (copying works either way). */
export function revealKey(on: boolean): void {
  panel.setKey('keyRevealed', on);
}

/** Copies the server URL or the key shown in full; false when the browser refused. */
export async function copyToClipboard(
  what: 'server' | 'key',
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<boolean> {
  try {
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(text);
    panel.setKey('copied', what);
    return true;
  } catch {
    panel.setKey('copied', 'failed');
    return false;
  }
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
  const r = await apiResult<BroadcastSwitched>(`/api/channels/${s.channelId}/broadcast`, {
    method: 'POST',
    body: bodyOf(action, s.draft),
    silent: true,
  });
  if (!r.ok) {
    panel.set({ ...panel.get(), busy: null, error: 'request', failure: r.failure });
    return false;
  }
  const state = r.value;
  panel.set({
    ...panel.get(),
    busy: null,
    status: 'ready',
    state,
    draft: draftOf(state),
    done: { action, announce: true },
  });
  // A start or stop brings or takes the player; a save only changes texts, so the BJ's own
  // player keeps playing.
  await (action === 'save' ? refreshChannelTexts : loadChannelPage)(s.channelId);
  return true;
}
