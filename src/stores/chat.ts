/**
 * $chat: the chat of the channel on screen. Actions: startChat(), stopChat(), sendChat(), chatAction().
 * Announcements for screen readers are throttled to one per 2 s under a flood.
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import type { ChatTicket } from '../../domain/answers/chat.ts';
import type {
  Ack,
  ActionPayload,
  ChatAction,
  ChatLine,
  ChatRole,
  ChatViewerList,
  ConnectionInfo,
} from '../../domain/chat-events.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import {
  connectChat,
  TICKET_UNAVAILABLE,
  type ChatConnection,
  type ChatStatus,
  type DisabledReason,
} from '../lib/chat-socket.ts';
import { isBlockedLoginId } from './blocking.ts';
import { createAnnouncer } from './chat-announcer.ts';
import { fetchChatRules, NO_RULES, putChatRules, rulesOf, type ChatRules } from './chat-rules.ts';
import {
  addGift,
  addHistoryGifts,
  addLine,
  applyJoin,
  emptyBuffer,
  type ChatBuffer,
  type ChatGift,
} from './chat-buffer.ts';

export const ANNOUNCE_INTERVAL_MS = 2000;

export interface ChatState {
  room: string | null;
  status: ChatStatus;
  reason: DisabledReason | null;
  role: ChatRole;
  frozen: boolean;
  mutedUntil: number | null;
  viewers: number | null;
  buffer: ChatBuffer;
  /** The latest role action, for a notice line. */
  lastAction: ChatAction | null;
  rules: ChatRules;
  /** Epoch ms before which slow mode refuses this member's next line, or null. */
  slowUntil: number | null;
  /** The latest gift that arrived while watching (not the history's): the panel's alert. */
  alertGift: ChatGift | null;
  /** The latest live line that mentions the signed-in member: announced on its own. */
  mention: ChatLine | null;
}

const initial = (): ChatState => ({
  room: null,
  status: 'idle',
  reason: null,
  role: 'guest',
  frozen: false,
  mutedUntil: null,
  viewers: null,
  buffer: emptyBuffer(),
  lastAction: null,
  rules: NO_RULES,
  slowUntil: null,
  alertGift: null,
  mention: null,
});
const state = map<ChatState>(initial());
export const $chat: ReadableAtom<ChatState> = state;

const announcement = atom('');
/** Text for the polite live region; changes at most once per ANNOUNCE_INTERVAL_MS. */
export const $chatAnnouncement: ReadableAtom<string> = announcement;

let connection: ChatConnection | null = null;
const announce = createAnnouncer(ANNOUNCE_INTERVAL_MS, (text) => announcement.set(text));

/**
 * `me` is the signed-in member's loginId, or null for a guest (who may only read); `nickname` theirs,
 * for mentions.
 */
export function startChat({
  room,
  streamId,
  me,
  nickname = null,
}: {
  room: string;
  streamId: number | null;
  me: string | null;
  nickname?: string | null;
}): void {
  if (connection && state.get().room === room) return;
  void connection?.stop();
  state.set({ ...initial(), room });
  let sentLastSeq: number | undefined;
  connection = connectChat({
    room,
    streamId,
    getTicket: async () => {
      if (!me) return null;
      const r = await apiResult<ChatTicket>('/api/chat/ticket', { method: 'POST' });
      // The socket's contract: a member without a ticket rejects (the session is gone), or says the server did not
      // answer (no network, 5xx): then the socket tries again soon, as for any server trouble.
      if (!r.ok && (r.failure.status === 0 || r.failure.status >= 500)) throw new Error(TICKET_UNAVAILABLE);
      if (!r.ok) throw new Error(`chat ticket refused: ${r.failure.code}`);
      return r.value.ticket;
    },
    lastSeq: () => {
      sentLastSeq = state.get().buffer.contiguous;
      return sentLastSeq;
    },
    onStatus: (status, reason) => setChatStatus(status, reason),
    onJoined: (r) => {
      void loadRules(room);
      state.set({
        ...state.get(),
        role: r.role,
        frozen: r.frozen,
        mutedUntil: r.mutedUntil,
        buffer: addHistoryGifts(
          applyJoin(state.get().buffer, sentLastSeq, r.replay, r.missed, r.seq),
          Array.isArray(r.gifts) ? r.gifts : [],
        ),
      });
    },
    handlers: {
      message: (line) => {
        if (line.room !== room) return;
        state.setKey('buffer', addLine(state.get().buffer, line));
        if (isBlockedLoginId(line.loginId)) return;
        if (me && line.loginId !== me && mentions(line.content, me, nickname)) state.setKey('mention', line);
        else announce(`${line.nickname}: ${line.content}`);
      },
      action: (a) => onAction(a, me),
      connection: (c: ConnectionInfo) => {
        if (c.room === room) state.setKey('viewers', c.viewers);
      },
      gifts: (batch) => {
        if (batch.room !== room || !Array.isArray(batch.gifts)) return;
        for (const data of batch.gifts) {
          const gift = giftOf(data);
          if (!gift) continue;
          // The panel's gift alert announces it, in the page's words.
          state.set({ ...state.get(), buffer: addGift(state.get().buffer, gift), alertGift: gift });
        }
      },
      event: (e) => {
        if (e.room === room && e.type === 'chat_rules') {
          const rules = rulesOf(e.data);
          // The room's event leaves the blocked words out: a moderator keeps the list they have.
          if (rules) state.setKey('rules', { ...rules, blockedWords: state.get().rules.blockedWords });
        }
        // The page around the chat shows the broadcast state: reload it (the player comes or goes).
        if (e.room === room && (e.type === 'broadcast_start' || e.type === 'broadcast_stop'))
          void import('./channel.ts').then((c) => c.loadChannelPage(Number(room), { source: true }));
        // A running live changed (title, theme): new texts, the same player.
        if (e.room === room && e.type === 'broadcast_update')
          void import('./channel.ts').then((c) => c.refreshChannelTexts(Number(room)));
      },
    },
  });
  connection.start();
}

const NAME_CHAR = /[\p{L}\p{N}_.]/u;

/** `@loginId` or `@nickname` as a word of its own (no name character right before the @ or after the name). */
export function mentions(content: string, loginId: string, nickname: string | null): boolean {
  const lower = content.toLowerCase();
  return [loginId, nickname].some((name) => {
    if (!name) return false;
    const token = `@${name.toLowerCase()}`;
    for (let at = lower.indexOf(token); at !== -1; at = lower.indexOf(token, at + 1)) {
      const before = lower.charAt(at - 1);
      const after = lower.charAt(at + token.length);
      if (!(before && NAME_CHAR.test(before)) && !(after && /[\p{L}\p{N}_]/u.test(after))) return true;
    }
    return false;
  });
}

/** Reads a gift event's data defensively: it comes over the wire. */
function giftOf(d: unknown): ChatGift | null {
  if (typeof d !== 'object' || d === null) return null;
  const { transferId, nickname, amount, itemCode, message } = d as Record<string, unknown>;
  if (typeof transferId !== 'number' || typeof nickname !== 'string' || typeof amount !== 'number') return null;
  return {
    transferId,
    nickname,
    amount,
    itemCode: typeof itemCode === 'number' ? itemCode : null,
    message: typeof message === 'string' ? message : '',
  };
}

function onAction(a: ChatAction, me: string | null) {
  const s = state.get();
  if (a.room !== s.room) return;
  state.setKey('lastAction', a);
  if (a.type === 'freeze') state.setKey('frozen', a.on);
  if (a.targetId === null || a.targetId !== me) return;
  if (a.type === 'mute') state.setKey('mutedUntil', a.on ? a.until : null);
  if (a.type === 'manager') state.setKey('role', a.on ? 'manager' : 'member');
  if (a.on && (a.type === 'kick' || a.type === 'blacklist')) {
    setChatStatus('disabled', a.type === 'kick' ? 'kicked' : 'blacklisted');
    void connection?.stop();
    connection = null;
  }
}

export function setChatStatus(status: ChatStatus, reason?: DisabledReason): void {
  state.set({ ...state.get(), status, reason: reason ?? null });
}

export async function stopChat(): Promise<void> {
  const c = connection;
  connection = null;
  await c?.stop();
  state.set(initial());
}

/** Exempt from the modes: the BJ and the channel's managers. */
const exempt = (s: ChatState) => s.role === 'bj' || s.role === 'manager';

/** Sends a line; slow mode's wait (after a line, or as the server refused one) lands in `slowUntil`. */
export async function sendChat(content: string): Promise<Ack<{ seq: number }>> {
  if (!connection) return { ok: false, code: 'not_joined' };
  const r = await connection.send(content);
  const s = state.get();
  if (r.ok && s.rules.slowModeS > 0 && !exempt(s)) state.setKey('slowUntil', Date.now() + s.rules.slowModeS * 1000);
  if (!r.ok && r.code === 'slow_mode') state.setKey('slowUntil', Date.now() + (r.retryAfterMs ?? 1000));
  return r;
}

async function loadRules(room: string): Promise<void> {
  const r = await fetchChatRules(room);
  if (r.ok && state.get().room === room) state.setKey('rules', r.value);
}

/**
 * The BJ or a manager changes the room's rules: shown at once, put back if the API refuses; null
 * when saved (the answer is the rules now).
 */
export async function saveChatRules(change: Partial<ChatRules>): Promise<ApiFailure | null> {
  const { room, rules } = state.get();
  if (room === null) return null;
  state.setKey('rules', { ...rules, ...change });
  const r = await putChatRules(room, change);
  if (state.get().room !== room) return r.ok ? null : r.failure;
  state.setKey('rules', r.ok ? r.value : rules);
  return r.ok ? null : r.failure;
}

/** Who is in the room (the BJ, managers, members by name; guests counted), a few seconds old at most. */
export function loadViewers(): Promise<Ack<ChatViewerList>> {
  if (!connection) return Promise.resolve({ ok: false, code: 'not_joined' });
  return connection.viewers();
}

export function chatAction(payload: Omit<ActionPayload, 'room'>): Promise<Ack> {
  if (!connection) return Promise.resolve({ ok: false, code: 'not_joined' });
  return connection.act(payload);
}
