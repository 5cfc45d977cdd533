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
  /** A fresh ticket for a member; null for a guest. Rejects when the session is gone. */
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

export function connectChat(opts: ChatSocketOptions) {
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let authFailures = 0;
  let everConnected = false;
  let stopped = false;

  const socket: ChatClientSocket = io(opts.url ?? '', {
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    autoConnect: false,
    // Called on every attempt, so each one spends its own ticket.
    auth: (cb) => {
      opts.getTicket().then(
        (ticket) => cb({ token: '', type: ticket ? 'oauth' : '', ticket: ticket ?? undefined }),
        () => cb({ token: '', type: 'oauth', ticket: NO_TICKET }),
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
    if (err.message === CHAT_UNAUTHORIZED && !socket.active) {
      authFailures += 1;
      if (authFailures > SOCKET_AUTH_RETRY_MAX) {
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
      opts.onStatus('disabled', result.code as DisabledReason);
    } else {
      opts.onStatus('error');
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
