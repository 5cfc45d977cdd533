/**
 * The chat connection (SPEC §4 chat socket): socket.io over websocket only, same origin (the
 * worker proxies /socket.io/), reconnection delay 500 ms. An explicit status machine:
 *
 *   idle → connecting → ready ⇄ reconnecting
 *                    ↘ error (a connect error other than Unauthorized; the manager keeps retrying)
 *                    ↘ disabled (session expired after the Unauthorized retries, or the room refused us)
 *
 * Every connect attempt of a member fetches a fresh single-use ticket. On an Unauthorized connect
 * error the client waits 3 s and tries again with a new ticket, up to 10 times; then it gives up
 * with `session_expired`. After every (re)connect it rejoins with the last seq it holds.
 *
 * A server that does not answer (a 503, a restart) is not a session that ended: the attempts go on
 * at the manager's short backoff (at most SOCKET_RECONNECTION_DELAY_MAX_MS apart), a ticket that
 * could not be fetched for such a reason counts as no Unauthorized, and the browser coming back
 * online or to the tab tries at once. The chat is back as soon as the server answers.
 */
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_UNAUTHORIZED,
  type Ack,
  type ActionPayload,
  type ChatErrorCode,
  type ChatViewerList,
  type ClientToServerEvents,
  type JoinResult,
  type ServerToClientEvents,
} from '../../domain/chat-events.ts';
import { announceChannelSettingsUpdate } from './channel-settings-event.ts';
import {
  SOCKET_AUTH_RETRY_DELAY_MS,
  SOCKET_AUTH_RETRY_MAX,
  SOCKET_RECONNECTION_DELAY_MS,
} from '../../domain/limits.ts';

export type ChatStatus = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'error' | 'disabled';
export type DisabledReason =
  | 'session_expired'
  | 'adult_only'
  | 'kicked'
  | 'blacklisted'
  | 'not_found'
  | 'password_required';

export interface ChatSocketOptions {
  url?: string;
  room: string;
  streamId: number | null;
  /**
   * A fresh ticket for a member; null for a guest. Rejects when the session is gone; rejects with
   * TICKET_UNAVAILABLE when the server did not answer (5xx, no network): the attempt is retried soon.
   */
  getTicket: () => Promise<string | null>;
  /** The seq to resume from on (re)join. */
  lastSeq: () => number | undefined;
  onStatus: (status: ChatStatus, reason?: DisabledReason) => void;
  onJoined: (result: JoinResult & { ok: true }) => void;
  handlers: Partial<ServerToClientEvents>;
  /** Test seam for the 3 s auth retry timer. */
  setTimer?: (fn: () => void, ms: number) => unknown;
}

type ChatClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const REFUSALS: ChatErrorCode[] = ['adult_only', 'kicked', 'blacklisted', 'not_found', 'password_required'];
/** A ticket the server will refuse: sends the Unauthorized path when the session could not be refreshed. */
const NO_TICKET = 'session-unavailable';
/** What getTicket rejects with when the server did not answer (not a session that ended). */
export const TICKET_UNAVAILABLE = 'chat ticket unavailable';
/** The longest wait between two reconnection attempts (socket.io's default is 5 s, with ±50 % jitter). */
const SOCKET_RECONNECTION_DELAY_MAX_MS = 2000;

export function connectChat(opts: ChatSocketOptions) {
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let authFailures = 0;
  let everConnected = false;
  let stopped = false;
  /** The last attempt went without a ticket because the server did not answer (not because the session ended). */
  let ticketUnavailable = false;
  /** Refused for good (session expired, kicked, …): no retry brings it back. */
  let refused = false;

  const socket: ChatClientSocket = io(opts.url ?? '', {
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
    autoConnect: false,
    // Called on every attempt, so each one spends its own ticket.
    auth: (cb) => {
      opts.getTicket().then(
        (ticket) => {
          ticketUnavailable = false;
          cb({ token: '', type: ticket ? 'oauth' : '', ticket: ticket ?? undefined });
        },
        (e: unknown) => {
          ticketUnavailable = e instanceof Error && e.message === TICKET_UNAVAILABLE;
          cb({ token: '', type: 'oauth', ticket: NO_TICKET });
        },
      );
    },
  });

  for (const [event, handler] of Object.entries(opts.handlers))
    socket.on(event as keyof ServerToClientEvents, handler as never);
  // The platform's settings changed (sent to every connection): whoever shows them refetches.
  socket.on('event', (e) => {
    if (e.type === 'settings') announceChannelSettingsUpdate();
  });

  socket.on('connect', () => {
    authFailures = 0;
    everConnected = true;
    void join();
  });

  socket.on('disconnect', (reason) => {
    if (stopped) return;
    opts.onStatus('reconnecting');
    // The server closed us (e.g. after a block): socket.io will not retry by itself.
    if (reason === 'io server disconnect') socket.connect();
  });

  socket.on('connect_error', (err) => {
    if (stopped) return;
    if (err.message === CHAT_UNAUTHORIZED && !socket.active && ticketUnavailable) {
      // Refused only for want of a ticket the server could not give: not the session's end, try again soon.
      ticketUnavailable = false;
      opts.onStatus(everConnected ? 'reconnecting' : 'error');
      setTimer(() => {
        if (!stopped && !socket.connected) socket.connect();
      }, SOCKET_RECONNECTION_DELAY_MS);
      return;
    }
    if (err.message === CHAT_UNAUTHORIZED && !socket.active) {
      authFailures += 1;
      if (authFailures > SOCKET_AUTH_RETRY_MAX) {
        refused = true;
        opts.onStatus('disabled', 'session_expired');
        return;
      }
      opts.onStatus('reconnecting');
      setTimer(() => {
        if (!stopped) socket.connect();
      }, SOCKET_AUTH_RETRY_DELAY_MS);
      return;
    }
    opts.onStatus(everConnected ? 'reconnecting' : 'error');
  });

  // Back online or back on the tab: try now rather than at the next step of the backoff.
  const retryNow = () => {
    if (stopped || refused || socket.connected || document.visibilityState === 'hidden') return;
    socket.disconnect().connect();
  };
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', retryNow);
  }

  async function join() {
    const lastSeq = opts.lastSeq();
    const result = await socket.emitWithAck('join', {
      room: opts.room,
      streamId: opts.streamId,
      source: 'web',
      ...(lastSeq === undefined ? {} : { lastSeq }),
    });
    if (result.ok) {
      opts.onJoined(result);
      opts.onStatus('ready');
    } else if (REFUSALS.includes(result.code)) {
      refused = true;
      opts.onStatus('disabled', result.code as DisabledReason);
    } else {
      opts.onStatus('error');
      // The room could not take us just now (the server's trouble, not a refusal): join again soon.
      setTimer(() => {
        if (!stopped && socket.connected) void join();
      }, SOCKET_RECONNECTION_DELAY_MAX_MS);
    }
  }

  return {
    socket,
    start() {
      opts.onStatus('connecting');
      socket.connect();
    },
    send(content: string): Promise<Ack<{ seq: number }>> {
      if (!socket.connected) return Promise.resolve({ ok: false, code: 'not_joined' });
      return socket
        .timeout(10_000)
        .emitWithAck('message', { room: opts.room, content })
        .catch(() => ({ ok: false as const, code: 'internal' as const }));
    },
    viewers(): Promise<Ack<ChatViewerList>> {
      if (!socket.connected) return Promise.resolve({ ok: false, code: 'not_joined' });
      return socket
        .timeout(10_000)
        .emitWithAck('viewers', { room: opts.room })
        .catch(() => ({ ok: false as const, code: 'internal' as const }));
    },
    act(payload: Omit<ActionPayload, 'room'>): Promise<Ack> {
      return socket
        .timeout(10_000)
        .emitWithAck('action', { room: opts.room, ...payload })
        .catch(() => ({ ok: false as const, code: 'internal' as const }));
    },
    async stop() {
      stopped = true;
      if (typeof window !== 'undefined' && typeof document !== 'undefined') {
        window.removeEventListener('online', retryNow);
        document.removeEventListener('visibilitychange', retryNow);
      }
      if (socket.connected)
        await socket
          .timeout(2000)
          .emitWithAck('leave', { room: opts.room })
          .catch(() => undefined);
      socket.disconnect();
    },
  };
}

export type ChatConnection = ReturnType<typeof connectChat>;
