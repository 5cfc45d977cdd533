/**
 * The chat socket contract (SPEC §3 chat join payload and socket auth, §4 chat socket), shared by
 * the socket.io server in api/chat and the client in src/lib/chat-socket.ts.
 * Every client-to-server event has a typed ack: `{ ok: true, … } | { ok: false, code }`.
 */
import type { ApiErrorCode } from './errors.ts';

/** Longest chat line, in UTF-16 code units, after trimming. */
export const CHAT_MESSAGE_LENGTH_MAX = 200;
/** Per-member send budget: at most this many lines per window, across all of the member's sockets. */
export const CHAT_RATE_MAX = 5;
export const CHAT_RATE_WINDOW_MS = 3000;
/** Replay on rejoin is bounded by lines and by age; beyond that the client shows a "missed" marker. */
export const CHAT_REPLAY_LINES_MAX = 500;
export const CHAT_REPLAY_AGE_MS = 10 * 60_000;
/** Lines sent to a first join (no lastSeq) so the room is not empty. */
export const CHAT_HISTORY_ON_JOIN = 50;
/** A kicked member may not rejoin the room for this long. */
export const CHAT_KICK_WINDOW_MS = 10 * 60_000;
export const CHAT_MUTE_DEFAULT_S = 60;
export const CHAT_MUTE_MAX_S = 24 * 3600;
/** Chat rules' bounds (api/chat/rules.ts, `PUT /api/channels/{id}/chat-rules`). */
export const CHAT_SLOW_MODE_MAX_S = 300;
/** Followers-only's minimum follow time: up to 90 days, in minutes. */
export const CHAT_FOLLOWERS_MIN_MAX_M = 90 * 24 * 60;
export const CHAT_BLOCKED_WORDS_MAX = 100;
export const CHAT_BLOCKED_WORD_LENGTH_MAX = 30;
/** The viewer list names at most this many members (beyond the BJ and managers); the rest are counted. */
export const CHAT_VIEWER_LIST_MAX = 100;
/** Chat tickets are single-use and short-lived (ASVS 4.4: identity from the HTTPS session). */
export const CHAT_TICKET_TTL_S = 60;
/** socket.io's frame cap: anything larger is dropped by the transport before any handler runs. */
export const CHAT_FRAME_BYTES_MAX = 16 * 1024;
/** The connect-error message the client treats as "refresh the session and retry" (SPEC §4). */
export const CHAT_UNAUTHORIZED = 'Unauthorized';

export type ChatRole = 'bj' | 'manager' | 'member' | 'guest';
export const CHAT_ACTION_TYPES = ['manager', 'blacklist', 'kick', 'freeze', 'mute'] as const;
export type ChatActionType = (typeof CHAT_ACTION_TYPES)[number];

/**
 * The codes a refused ack carries: codes of the catalogue (domain/errors.ts), so a client shows the
 * text `error_<code>` of messages/ for any of them.
 */
export const CHAT_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'not_found',
  'not_joined',
  'adult_only',
  'password_required',
  'blacklisted',
  'kicked',
  'frozen',
  'muted',
  'rate_limited',
  'too_long',
  'empty',
  'forbidden',
  'internal',
  'slow_mode',
  'followers_only',
  'subscribers_only',
  'emote_only',
  'blocked_word',
] as const satisfies readonly ApiErrorCode[];
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/** A refusal; `retryAfterMs` only with `slow_mode` (how long until this member may send again). */
export type Ack<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; code: ChatErrorCode; retryAfterMs?: number };

/** Socket auth (SPEC §3): `ticket` from `POST /api/chat/ticket`; no ticket = guest (read only). */
interface ChatAuth {
  token?: string;
  type?: 'oauth' | '';
  ticket?: string;
}

export interface JoinPayload {
  room: string;
  streamId?: number | null;
  source: 'web';
  /** The last `seq` this client saw in the room; the server replays what came after it. */
  lastSeq?: number;
}

export interface ChatLine {
  room: string;
  /** Per-room, gap-free, increasing. */
  seq: number;
  loginId: string;
  nickname: string;
  role: ChatRole;
  content: string;
  /** ISO-8601. */
  at: string;
  /**
   * Badges, computed when the line was sent: months subscribed to the channel while a subscription
   * runs (null: not subscribed), and the rank among the channel's top 3 luv givers of the last 30
   * days (null: not among them). Absent on lines stored before badges existed: read as null.
   */
  subscriberMonths?: number | null;
  topGiver?: 1 | 2 | 3 | null;
}

/**
 * A room's chat rules as everyone reads them (`GET /api/channels/{id}/chat-rules`, the `chat_rules`
 * event); the BJ and managers also read `blockedWords` (domain/answers/chat-rules.ts).
 */
export interface ChatRulesView {
  /** Seconds between two lines of one member; 0 = off. BJ and managers are exempt. */
  slowModeS: number;
  /** null = off; 0 = any follower; N = following for at least N minutes. */
  followersOnlyMinM: number | null;
  subscribersOnly: boolean;
  /** Only the platform's emoticons (the picker's glyphs or `:code:`) and spaces. */
  emoteOnly: boolean;
}

/** Someone the viewer list names. */
export interface ChatViewer {
  loginId: string;
  nickname: string;
}

/** `viewers` ack: who is in the room, across every API process (cached up to 5 s per process). */
export interface ChatViewerList {
  /** null when the BJ is not in the room. */
  bj: ChatViewer | null;
  managers: ChatViewer[];
  /** Other signed-in viewers, at most CHAT_VIEWER_LIST_MAX, by nickname. */
  members: ChatViewer[];
  /** Every other signed-in viewer (members.length ≤ membersTotal). */
  membersTotal: number;
  /** Sockets without a member. */
  guests: number;
}

export interface JoinResult {
  role: ChatRole;
  frozen: boolean;
  /** Epoch ms until which this member is muted, or null. */
  mutedUntil: number | null;
  /** Lines after `lastSeq` (or the recent history), in seq order. */
  replay: ChatLine[];
  /** Lines after `lastSeq` that could not be replayed (older than the bounds). */
  missed: number;
  /** The room's latest seq at join time. */
  seq: number;
  /** On a first join: the gifts of the history, each after the line it followed (absent from older servers). */
  gifts?: HistoryGift[];
}

export interface SendPayload {
  room: string;
  content: string;
}

export interface ActionPayload {
  room: string;
  type: ChatActionType;
  /** loginId of the target member; ignored for `freeze`. */
  targetId?: string;
  /** true (default) applies, false lifts (unmute, unfreeze, dismiss, un-blacklist). */
  on?: boolean;
  /** Mute length in seconds. */
  durationS?: number;
}

export interface ChatAction {
  room: string;
  type: ChatActionType;
  targetId: string | null;
  on: boolean;
  /** Epoch ms for mutes. */
  until: number | null;
  by: string;
}

/** broadcast_update: a running live changed (title, theme, password); pages refresh texts, not the player. */
/** chat_rules: the room's chat rules changed; `data` is the new ChatRulesView (never the blocked words). */
export type ChatEventType =
  | 'broadcast_start'
  | 'broadcast_update'
  | 'broadcast_stop'
  | 'settings'
  | 'gift'
  | 'chat_rules';

/**
 * A gift of luv (`kind: 'luv'`, `amount` in luv) or a use of items (`kind: 'item'`, `amount` items
 * of `itemCode`) in the room's channel, announced once after it committed (docs/LEDGER.md).
 * `transferId` is unique per gift, so a client can drop a repeat.
 */
export type GiftEventData = {
  kind: 'luv' | 'item';
  /** The sender. */
  loginId: string;
  nickname: string;
  amount: number;
  itemCode: number | null;
  message: string;
  transferId: number;
  /** ISO-8601. */
  at: string;
};

/** A gift of a room's history: `afterSeq` is the seq of the line it followed. */
export type HistoryGift = GiftEventData & { afterSeq: number };

/**
 * The gifts of one room announced together: every gift committed during one turn of the server's
 * event loop (a batch of the ledger, docs/LEDGER.md) in one frame, in commit order, each once.
 */
export interface GiftBatch {
  room: string;
  gifts: GiftEventData[];
}

/**
 * The room of an event meant for every connection, whatever room it joined: `settings` (the
 * platform's channel settings changed; clients refetch them).
 */
export const ALL_ROOMS = '*';

/**
 * Something that happened in a channel (the room is the channel id), or everywhere (ALL_ROOMS).
 * `gift` events reach clients as `gifts` batches.
 */
export type ChatEvent =
  | { room: string; type: 'gift'; data: GiftEventData }
  | { room: string; type: 'chat_rules'; data: ChatRulesView }
  | { room: string; type: Exclude<ChatEventType, 'gift' | 'chat_rules'>; data: Record<string, unknown> };

export interface ConnectionInfo {
  room: string;
  viewers: number;
}

export interface ServerToClientEvents {
  message: (line: ChatLine) => void;
  action: (action: ChatAction) => void;
  event: (event: ChatEvent) => void;
  gifts: (batch: GiftBatch) => void;
  connection: (info: ConnectionInfo) => void;
}

export interface ClientToServerEvents {
  join: (payload: JoinPayload, ack: (result: Ack<JoinResult>) => void) => void;
  leave: (payload: { room: string }, ack: (result: Ack) => void) => void;
  message: (payload: SendPayload, ack: (result: Ack<{ seq: number }>) => void) => void;
  action: (payload: ActionPayload, ack: (result: Ack) => void) => void;
  viewers: (payload: { room: string }, ack: (result: Ack<ChatViewerList>) => void) => void;
}
