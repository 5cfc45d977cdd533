/**
 * A channel owner's stream key, as the broadcast panel and the caster app see it
 * (docs/INGEST.md "Stream keys"): issued (or regenerated) in full once, masked after, revocable.
 * Replacing or revoking a key also cuts a push running with the old one; its live then waits the
 * reconnect grace for the encoder to come back with the new key. A key is paused while the BJ has
 * ended their broadcast (publishes refused) and resumed when they start again.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../app-env.ts';
import { liveIngest, streamKeys } from '../db/schema/index.ts';
import type { IssuedKey, KeyState } from '../providers/ingest/ingest-provider.ts';

/** Who asked for a key: the BJ on the site, a caster app with a bearer token, or `npm run demo:push`. */
export type KeyIssuer = 'panel' | 'caster_app' | 'demo';

export interface StreamKeyState extends KeyState {
  issuedVia: KeyIssuer | null;
  /** The BJ ended their broadcast: publishes are refused until they start again. */
  paused: boolean;
}

/** Cuts whatever pushes to the channel now. */
async function cutChannel(deps: Deps, channelId: number): Promise<void> {
  const { provider } = deps.ingest;
  const { db } = deps.database;
  const running = await db
    .select({ streamId: liveIngest.streamId })
    .from(liveIngest)
    .where(and(eq(liveIngest.channelId, channelId), eq(liveIngest.publishing, true), isNull(liveIngest.endedAt)));
  for (const { streamId } of running) await provider.cutPublisher(db, { streamId, channelId });
}

/**
 * Issues the channel's first key, or regenerates it: the old one stops working and its push is
 * cut. A new key is not paused: the BJ asked for it to broadcast.
 */
export async function issueStreamKey(deps: Deps, channelId: number, via: KeyIssuer): Promise<IssuedKey> {
  const issued = await deps.ingest.provider.issueKey(deps.database.db, channelId);
  await deps.database.db
    .update(streamKeys)
    .set({ issuedVia: via, paused: false })
    .where(eq(streamKeys.channelId, channelId));
  await cutChannel(deps, channelId);
  return issued;
}

/**
 * The key as shown after it was issued (masked, with the server URL and who asked for it), or null when the channel has
 * none.
 */
export async function streamKeyState(deps: Deps, channelId: number): Promise<StreamKeyState | null> {
  const state = await deps.ingest.provider.keyState(deps.database.db, channelId);
  if (!state) return null;
  const [row] = await deps.database.db
    .select({ issuedVia: streamKeys.issuedVia, paused: streamKeys.paused })
    .from(streamKeys)
    .where(eq(streamKeys.channelId, channelId));
  return { ...state, issuedVia: (row?.issuedVia as KeyIssuer | null) ?? null, paused: row?.paused ?? false };
}

/** Revokes the channel's key and cuts its push. */
export async function revokeStreamKey(deps: Deps, channelId: number): Promise<void> {
  await deps.ingest.provider.revokeKey(deps.database.db, channelId);
  await cutChannel(deps, channelId);
}

/** Pauses (the BJ ended the broadcast) or resumes (the BJ starts again) the channel's key; nothing when it has none. */
export async function setKeyPaused(deps: Deps, channelId: number, paused: boolean): Promise<void> {
  await deps.database.db.update(streamKeys).set({ paused }).where(eq(streamKeys.channelId, channelId));
}

/** Whether an encoder pushes to the live now, since when, and when it went away. */
export async function ingestStateOf(deps: Deps, streamId: number) {
  const [row] = await deps.database.db.select().from(liveIngest).where(eq(liveIngest.streamId, streamId));
  if (!row) return null;
  return {
    publishing: row.publishing,
    since: row.publishingSince,
    disconnectedAt: row.disconnectedAt,
    endedAt: row.endedAt,
    graceMs: deps.ingest.graceMs,
  };
}
