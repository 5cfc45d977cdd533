/**
 * A room's chat rules (issue #41): slow mode, followers-only (with a minimum follow time),
 * subscribers-only, emote-only and the blocked words, stored in `chat_rules` and enforced on every
 * `message` (api/chat/room-handlers.ts). The BJ and managers are exempt from the modes, nobody from
 * the blocked words (a line holding one is refused with `blocked_word`, never masked).
 *
 * Enforcement costs no query per line: each process keeps the rules per room (loaded once, dropped
 * on a change on every process through `serverSideEmit('chat_rules')`), each sender's standing
 * (follow time, subscription, top-giver rank) per room for a short while, the channel's top givers
 * for a minute and the emoticons for five. Slow mode is counted per member per room in each
 * process: a member whose next line reaches another API process is not slowed by the first one
 * (the site keeps one socket per page, so in practice it is per member).
 */
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { ChatRules } from '../../domain/answers/chat-rules.ts';
import { CHAT_SLOW_MODE_MAX_S, type Ack, type ChatRole, type ChatRulesView } from '../../domain/chat-events.ts';
import { blockedWordKey, type ChatRulesInput } from '../../domain/schemas/chat.ts';
import type { Db } from '../db/client.ts';
import {
  channelFollows,
  chatRules,
  emojis,
  ledgerAccounts,
  ledgerTransfers,
  subscriptions,
} from '../db/schema/index.ts';
import { TransferCode } from '../ledger/accounts.ts';
import { RUNNING_SUBSCRIPTION_STATUSES } from '../subscriptions/subscription-queries.ts';
import { refuse } from './acks.ts';
import { loadChannel, restrictionsOf, roleOf } from './room-store.ts';
import type { ChatServer } from './types.ts';

/** The rules with the blocked words: what the BJ and managers read, and what the server enforces. */
type FullChatRules = Required<ChatRules>;

const RULES_OFF: FullChatRules = {
  slowModeS: 0,
  followersOnlyMinM: null,
  subscribersOnly: false,
  emoteOnly: false,
  blockedWords: [],
};

/**
 * A sender's standing is reused this long; a refusal by followers-only or subscribers-only reads it
 * again when it is older than STANDING_RECHECK_MS, so a new follow or subscription counts at once.
 */
const STANDING_TTL_MS = 60_000;
const STANDING_RECHECK_MS = 5_000;
const TOP_GIVERS_TTL_MS = 60_000;
const EMOTES_TTL_MS = 5 * 60_000;
/** Top givers: luv gifted to the channel over this window. */
const TOP_GIVER_WINDOW_MS = 30 * 86_400_000;
const MONTH_MS = 30 * 86_400_000;

export const rulesView = (r: FullChatRules): ChatRulesView => ({
  slowModeS: r.slowModeS,
  followersOnlyMinM: r.followersOnlyMinM,
  subscribersOnly: r.subscribersOnly,
  emoteOnly: r.emoteOnly,
});

const ruleColumns = {
  slowModeS: chatRules.slowModeS,
  followersOnlyMinM: chatRules.followersOnlyMinM,
  subscribersOnly: chatRules.subscribersOnly,
  emoteOnly: chatRules.emoteOnly,
  blockedWords: chatRules.blockedWords,
};

export async function readChatRules(db: Db, channelId: number): Promise<FullChatRules> {
  const [row] = await db.select(ruleColumns).from(chatRules).where(eq(chatRules.channelId, channelId));
  return row ? { ...row, blockedWords: [...row.blockedWords] } : { ...RULES_OFF };
}

/** Writes the fields `input` has (one statement: all of them or none), and answers the rules as they are now. */
export async function saveChatRules(
  db: Db,
  channelId: number,
  input: ChatRulesInput,
  byMemberId: number,
): Promise<FullChatRules> {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<FullChatRules>;
  const set = { ...given, updatedAt: new Date(), updatedBy: byMemberId };
  const [row] = await db
    .insert(chatRules)
    .values({ ...RULES_OFF, ...given, channelId, updatedBy: byMemberId })
    .onConflictDoUpdate({ target: chatRules.channelId, set })
    .returning(ruleColumns);
  return { ...row!, blockedWords: [...row!.blockedWords] };
}

/** The caller's standing for the rules of a channel: `null` = no such channel. */
export async function rulesRoleOf(db: Db, channelId: number, memberId: number | null): Promise<ChatRole | null> {
  const channel = await loadChannel(db, String(channelId));
  if (!channel) return null;
  if (memberId === null) return 'guest';
  return roleOf(channel, memberId, await restrictionsOf(db, channel.id, memberId));
}

export const setsRules = (role: ChatRole | null) => role === 'bj' || role === 'manager';

/** What the rules answer a caller: the blocked words only to the BJ and managers. */
export const rulesFor = (rules: FullChatRules, role: ChatRole | null): ChatRules =>
  setsRules(role) ? rules : rulesView(rules);

/** Badges of a line: see domain/chat-events.ts ChatLine. */
interface LineBadges {
  subscriberMonths: number | null;
  topGiver: 1 | 2 | 3 | null;
}

interface Standing {
  loadedAt: number;
  /** Epoch ms the member followed the channel, or null. */
  followedAt: number | null;
  subscriberMonths: number | null;
}

async function loadStanding(db: Db, channelId: number, memberId: number, now: number): Promise<Standing> {
  const [follow] = await db
    .select({ at: channelFollows.createdAt })
    .from(channelFollows)
    .where(and(eq(channelFollows.channelId, channelId), eq(channelFollows.memberId, memberId)));
  const [sub] = await db
    .select({ since: subscriptions.createdAt, end: subscriptions.periodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.channelId, channelId),
        eq(subscriptions.memberId, memberId),
        inArray(subscriptions.status, RUNNING_SUBSCRIPTION_STATUSES),
      ),
    );
  const running = sub && (!sub.end || sub.end.getTime() > now);
  return {
    loadedAt: now,
    followedAt: follow ? follow.at.getTime() : null,
    subscriberMonths: running ? Math.max(1, Math.floor((now - sub.since.getTime()) / MONTH_MS) + 1) : null,
  };
}

/** The members who gave the channel the most luv over TOP_GIVER_WINDOW_MS (refunded gifts left out), best first. */
async function loadTopGivers(db: Db, channelId: number, now: number): Promise<number[]> {
  const total = sql<number>`sum(${ledgerTransfers.amount})`;
  const rows = await db
    .select({ memberId: ledgerAccounts.ownerId, total })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
    .where(
      and(
        eq(ledgerTransfers.channelId, channelId),
        eq(ledgerTransfers.code, TransferCode.gift),
        eq(ledgerTransfers.asset, 'luv'),
        isNull(ledgerTransfers.reversesId),
        gte(ledgerTransfers.createdAt, new Date(now - TOP_GIVER_WINDOW_MS)),
        sql`not exists (select 1 from ${ledgerTransfers} r where r.reverses_id = ${ledgerTransfers.id})`,
      ),
    )
    .groupBy(ledgerAccounts.ownerId)
    .orderBy(desc(total), sql`min(${ledgerTransfers.id})`)
    .limit(3);
  return rows.map((r) => r.memberId);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a line is made only of the platform's emoticons (glyph, glyph without U+FE0F, or `:code:`) and spaces. */
async function emoteMatcher(db: Db): Promise<(content: string) => boolean> {
  const rows = await db.select({ code: emojis.code, glyph: emojis.glyph }).from(emojis);
  const tokens = new Set<string>();
  for (const r of rows) {
    tokens.add(r.glyph);
    tokens.add(r.glyph.replace(/\uFE0F/g, ''));
    tokens.add(`:${r.code}:`);
  }
  tokens.delete('');
  if (!tokens.size) return () => false;
  const alternatives = [...tokens].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const line = new RegExp(`^(?:\\s|\\uFE0F|${alternatives.join('|')})+$`, 'u');
  return (content) => line.test(content) && /\S/u.test(content);
}

/** The compared form of each blocked word, made once per loaded rules. */
const wordKeys = new WeakMap<readonly string[], string[]>();

/** Whether `content` holds one of `words` (NFKC, case-insensitive substring). */
function holdsBlockedWord(content: string, words: readonly string[]): boolean {
  if (!words.length) return false;
  let keys = wordKeys.get(words);
  if (!keys) wordKeys.set(words, (keys = words.map(blockedWordKey)));
  const text = blockedWordKey(content);
  return keys.some((k) => text.includes(k));
}

type RuleVerdict =
  | { ok: true; badges: LineBadges; release(): void }
  | { ok: false; refusal: Extract<Ack, { ok: false }> };

interface LineCheck {
  channelId: number;
  room: string;
  memberId: number;
  role: ChatRole;
  content: string;
  now?: number;
}

/** Cached per process for `ttl`; a failed load is not kept. */
function cached<K, V>(ttlOf: (value: V) => number, max = 50_000) {
  const entries = new Map<K, { at: number; value: Promise<V>; ttl: number }>();
  return {
    get(key: K, load: () => Promise<V>, now: number): Promise<V> {
      const hit = entries.get(key);
      if (hit && now - hit.at < hit.ttl) return hit.value;
      if (entries.size >= max) for (const [k, e] of entries) if (now - e.at >= e.ttl) entries.delete(k);
      if (entries.size >= max) entries.clear();
      const entry = { at: now, ttl: Number.POSITIVE_INFINITY, value: load() };
      entries.set(key, entry);
      entry.value.then(
        (v) => void (entry.ttl = ttlOf(v)),
        () => void (entries.get(key) === entry && entries.delete(key)),
      );
      return entry.value;
    },
    delete(key: K) {
      entries.delete(key);
    },
  };
}

export interface ChatRulesRuntime {
  /** The rules the server enforces in the room of `channelId` (cached until they change). */
  of(channelId: number): Promise<FullChatRules>;
  /** Checks a line against the room's rules; an accepted line holds its slow-mode turn until `release()`. */
  check(line: LineCheck): Promise<RuleVerdict>;
  /** A change of the rules: every process drops its copy, every socket of the room hears the event. */
  announce(event: { room: string; type: 'chat_rules'; data: ChatRulesView }): void;
}

/** The rules of one chat server; `shared`: other processes share the rooms (the adapter carries serverSideEmit). */
export function createChatRules(io: ChatServer, db: Db, shared: boolean): ChatRulesRuntime {
  /** channel id → its rules; the generation keeps a load that began before a change from being kept after it. */
  const rules = new Map<number, Promise<FullChatRules>>();
  let generation = 0;
  const standings = cached<string, Standing>(() => STANDING_TTL_MS);
  const topGivers = cached<number, number[]>(() => TOP_GIVERS_TTL_MS, 10_000);
  const emotes = cached<'all', (content: string) => boolean>(() => EMOTES_TTL_MS, 1);
  /** `${room}:${memberId}` → epoch ms of the member's last line in the room. */
  const lastLine = new Map<string, number>();

  function of(channelId: number): Promise<FullChatRules> {
    const hit = rules.get(channelId);
    if (hit) return hit;
    const started = generation;
    const loading = readChatRules(db, channelId);
    if (rules.size >= 10_000) rules.clear();
    rules.set(channelId, loading);
    loading.then(
      () => void (generation !== started && rules.get(channelId) === loading && rules.delete(channelId)),
      () => void (rules.get(channelId) === loading && rules.delete(channelId)),
    );
    return loading;
  }

  function forget(channelId: number): void {
    generation += 1;
    rules.delete(channelId);
  }

  if (shared)
    io.on('chat_rules', (msg) => {
      if (msg && Number.isSafeInteger(msg.channelId)) forget(msg.channelId);
    });

  function takeSlowTurn(key: string, slowModeS: number, now: number): number {
    if (slowModeS <= 0) return 0;
    const last = lastLine.get(key);
    const wait = last === undefined ? 0 : last + slowModeS * 1000 - now;
    if (wait > 0) return wait;
    if (lastLine.size >= 100_000)
      for (const [k, at] of lastLine) if (now - at > 1000 * CHAT_SLOW_MODE_MAX_S) lastLine.delete(k);
    lastLine.set(key, now);
    return 0;
  }

  /** Followers-only or subscribers-only refuses this standing. */
  const refusedBy = (r: FullChatRules, s: Standing, now: number) =>
    r.followersOnlyMinM !== null && (s.followedAt === null || now - s.followedAt < r.followersOnlyMinM * 60_000)
      ? 'followers_only'
      : r.subscribersOnly && s.subscriberMonths === null
        ? 'subscribers_only'
        : null;

  return {
    of,
    async check({ channelId, room, memberId, role, content, now = Date.now() }) {
      const standingKey = `${channelId}:${memberId}`;
      const standingNow = () => standings.get(standingKey, () => loadStanding(db, channelId, memberId, now), now);
      const [r, first, top] = await Promise.all([
        of(channelId),
        standingNow(),
        topGivers.get(channelId, () => loadTopGivers(db, channelId, now), now),
      ]);
      let standing = first;
      const exempt = role === 'bj' || role === 'manager';
      if (!exempt) {
        if (refusedBy(r, standing, now) && now - standing.loadedAt > STANDING_RECHECK_MS) {
          standings.delete(standingKey);
          standing = await standingNow();
        }
        const mode = refusedBy(r, standing, now);
        if (mode) return { ok: false, refusal: refuse(mode) };
        if (r.emoteOnly && !(await emotes.get('all', () => emoteMatcher(db), now))(content))
          return { ok: false, refusal: refuse('emote_only') };
      }
      if (holdsBlockedWord(content, r.blockedWords)) return { ok: false, refusal: refuse('blocked_word') };
      const key = `${room}:${memberId}`;
      const before = lastLine.get(key);
      const wait = exempt ? 0 : takeSlowTurn(key, r.slowModeS, now);
      if (wait > 0) return { ok: false, refusal: { ...refuse('slow_mode'), retryAfterMs: Math.ceil(wait) } };
      const rank = top.indexOf(memberId) + 1;
      return {
        ok: true,
        badges: {
          subscriberMonths: standing.subscriberMonths,
          topGiver: rank > 0 ? (rank as 1 | 2 | 3) : null,
        },
        release: () => {
          if (lastLine.get(key) !== now) return;
          if (before === undefined) lastLine.delete(key);
          else lastLine.set(key, before);
        },
      };
    },
    announce(event) {
      const channelId = Number(event.room);
      if (Number.isSafeInteger(channelId)) {
        forget(channelId);
        if (shared) io.serverSideEmit('chat_rules', { channelId });
      }
      io.to(event.room).emit('event', event);
    },
  };
}
