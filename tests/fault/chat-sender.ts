/**
 * A chat member outside the browser for the fault tests: signs in through the worker, connects
 * with its access token, rejoins after every reconnect, and paces its lines under the per-member
 * limit (5 lines / 3 s). `send` resolves with the line's seq, or null when it did not go out.
 */
import { io, type Socket } from 'socket.io-client';

export const SENDER_PACE_MS = 650;

export interface Sent {
  seq: number;
  content: string;
}

export class ChatSender {
  private socket: Socket;
  private joined = false;
  readonly room: string;

  private constructor(origin: string, token: string, room: string) {
    this.room = room;
    this.socket = io(origin, {
      transports: ['websocket'],
      auth: { type: 'oauth', token },
      reconnectionDelay: 500,
      reconnectionDelayMax: 2000,
    });
    this.socket.on('connect', () => {
      this.joined = false;
      this.socket.emit('join', { room, source: 'web' }, (r: { ok: boolean }) => (this.joined = r.ok));
    });
    this.socket.on('disconnect', () => (this.joined = false));
  }

  static async signIn(origin: string, loginId: string, password: string, room: string): Promise<ChatSender> {
    const res = await fetch(`${origin}/v2/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${loginId}: ${res.status}`);
    const token = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('flx_oauth_access='))
      ?.slice('flx_oauth_access='.length);
    if (!token) throw new Error(`no access cookie for ${loginId}`);
    return new ChatSender(origin, token, room);
  }

  /** One attempt; null when not joined (reconnecting), refused (rate limit) or unanswered. */
  send(content: string): Promise<Sent | null> {
    if (!this.joined) return Promise.resolve(null);
    return new Promise((resolve) =>
      this.socket
        .timeout(3000)
        .emit('message', { room: this.room, content }, (err: Error | null, ack?: { ok: boolean; seq?: number }) =>
          resolve(!err && ack?.ok && typeof ack.seq === 'number' ? { seq: ack.seq, content } : null),
        ),
    );
  }

  /** Sends `content` until the server takes it, keeping the pace. */
  async sendUntilTaken(content: string): Promise<Sent> {
    for (;;) {
      const sent = await this.send(content);
      await pause(SENDER_PACE_MS);
      if (sent) return sent;
    }
  }

  close(): void {
    this.socket.close();
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
