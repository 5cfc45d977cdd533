import type { ChatEvent } from '../domain/chat-events.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './storage/storage.ts';
import type { TextLocale } from './http/locale.ts';
import type { RawBody } from './http/request.ts';

/** What every handler can reach through `c.get('deps')`. */
export interface Deps {
  config: Config;
  database: Database;
  /** Denylist check for logged-out sessions; absent = nothing revoked. */
  isSessionRevoked?: (sessionId: string) => Promise<boolean>;
  /** Upload storage (api/storage); absent = disk under `{dataDir}/uploads`. */
  storage?: FileStorage;
  /** Realtime fan-out to chat rooms (set once the chat server is attached); absent = nobody to tell. */
  chat?: { publish(event: ChatEvent): void };
}

/** The signed-in caller, set by the guards of api/http/session.ts. */
export interface SessionMember {
  id: number;
  loginId: string;
  nickname: string;
  /** P police, O operator, V member, J genie. */
  memberType: string;
  /** PI: personally identity-verified. */
  identityVerified: boolean;
  sessionId: string;
}

export interface ApiEnv {
  Variables: {
    deps: Deps;
    /** Set by the member guards of api/http/session.ts. */
    member: SessionMember | null;
    /** The one load of the caller per request (api/http/session.ts memberOf). */
    memberLoad: Promise<SessionMember | null>;
    /** The body, read once (api/http/request.ts readRawBody). */
    rawBody: RawBody;
    /** The caller's language (api/http/locale.ts callerLocale). */
    locale: TextLocale;
  };
}
