import type { ChatEvent } from '../domain/chat-events.ts';
import type { SessionChecks } from './auth/session-checks.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { ChannelOwners } from './gifts/channel-owners.ts';
import type { FileStorage } from './storage/storage.ts';
import type { TextLocale } from './http/locale.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { RawBody } from './http/request.ts';
import type { SharedRateLimiter } from './http/shared-rate-limit.ts';
import type { AccountIds } from './ledger/accounts.ts';
import type { GiftBatcher } from './ledger/gift-batcher.ts';
import type { ConfiguredIdentity } from './providers/identity/identity-provider.ts';
import type { Ingest } from './providers/ingest/index.ts';
import type { PaymentGateway } from './providers/payment/gateway.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';

/**
 * The services of one app instance, built once by buildServices() (api/services.ts, called by
 * createApp) unless the host passed its own (a test's fake). Handlers reach them through
 * `c.get('deps')`; the chat server, the ingest sweeper and the jobs through the same object.
 */
export interface Services {
  /** The live ingest engine (api/providers/ingest), loaded from the environment on first use. */
  ingest: Ingest;
  /** Sends SMS codes: the outbox outside production; null in production without a gateway. */
  sms: SmsProvider | null;
  /** The gateway config.payment names (PortOne or the simulator); null when payments are not configured. */
  payment: PaymentGateway | null;
  /** Identity verification as config.identity names it; null when none is configured. */
  identity: ConfiguredIdentity | null;
  /** Counters in memory of the cheap anti-abuse limits (api/http/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** Counters in the database of the limits that guard secrets (api/http/shared-rate-limit.ts). */
  sharedLimiter: SharedRateLimiter;
  /** The ledger's account ids, remembered (api/ledger/accounts.ts). */
  accountIds: AccountIds;
  /** Group commit of gifts into the database (api/ledger/gift-batcher.ts). */
  giftBatcher: GiftBatcher;
  /** The channels' owners a gift goes to, remembered (api/gifts/channel-owners.ts). */
  channelOwners: ChannelOwners;
  /** Upload storage (api/storage); by default the disk under `{dataDir}/uploads`. */
  storage: FileStorage;
  /** Session checks the hot routes reuse, forgotten by this app's revocations (api/auth/session-checks.ts). */
  sessionChecks: SessionChecks;
}

/** What every handler can reach through `c.get('deps')`. */
export interface Deps extends Services {
  config: Config;
  database: Database;
  /** Denylist check for logged-out sessions; absent = nothing revoked. */
  isSessionRevoked?: (sessionId: string) => Promise<boolean>;
  /** Realtime fan-out to chat rooms (set once the chat server is attached); absent = nobody to tell. */
  chat?: { publish(event: ChatEvent): void };
}

/** What a host hands to createApp: the resources, and any of the services it builds itself. */
export type DepsInput = Omit<Deps, keyof Services> & Partial<Services>;

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
