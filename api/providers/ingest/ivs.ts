/**
 * The managed engine: Amazon IVS (the spec's `ivs` format). Each BJ gets an IVS channel (created
 * with the first key), IVS holds the stream key and checks it, and viewers play the channel's
 * playback URL. Regenerating deletes the channel's key and creates another; cutting stops the
 * channel's stream. IVS tells about starts and ends through EventBridge, not through our
 * callbacks: the API asks instead (`liveStreams`, ListStreams, every ingest sweep) and follows
 * (api/ingest/managed-lives.ts); `streamState` asks for one channel (GetStream). Recording to S3 is
 * configured on the IVS side (a recording configuration), so no recording is kept here.
 */
import {
  ChannelNotBroadcasting,
  CreateChannelCommand,
  CreateStreamKeyCommand,
  DeleteStreamKeyCommand,
  GetStreamCommand,
  IvsClient,
  ListStreamKeysCommand,
  paginateListStreams,
  StopStreamCommand,
  type ChannelLatencyMode,
  type ChannelType,
} from '@aws-sdk/client-ivs';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { streamKeys } from '../../db/schema/index.ts';
import type {
  IngestProvider,
  IssuedKey,
  KeyState,
  LiveFrame,
  ManagedStream,
  PlaybackSources,
  Recording,
} from './ingest-provider.ts';
import { keyHint, maskStreamKey } from './stream-keys.ts';

const ENGINE = 'ivs';
/** IVS keys start with `sk_{region}_`; the mask keeps that and the last characters. */
const maskIvsKey = (hint: string) => maskStreamKey(hint, 'sk_');

export interface IvsOptions {
  /** Prefix of the IVS channel names (`{prefix}-{channelId}`), to tell environments apart in one account. */
  namePrefix: string;
  channelType: ChannelType;
  latencyMode: ChannelLatencyMode;
}

type ChannelRow = typeof streamKeys.$inferSelect;

export class IvsIngest implements IngestProvider {
  readonly engine = ENGINE;
  readonly announcesPublish = false;

  private readonly client: IvsClient;
  private readonly options: IvsOptions;

  constructor(client: IvsClient, options: IvsOptions) {
    this.client = client;
    this.options = options;
  }

  private async row(db: Db, channelId: number): Promise<ChannelRow | null> {
    const [row] = await db
      .select()
      .from(streamKeys)
      .where(
        and(eq(streamKeys.channelId, channelId), eq(streamKeys.engine, ENGINE), isNotNull(streamKeys.engineChannelId)),
      );
    return row ?? null;
  }

  private serverUrl(row: Pick<ChannelRow, 'engineIngest'>): string {
    return `rtmps://${row.engineIngest}:443/app/`;
  }

  /** Deletes every key of the IVS channel (one by default quota, but a retry may have left two). */
  private async deleteKeys(channelArn: string): Promise<void> {
    const { streamKeys: keys = [] } = await this.client.send(new ListStreamKeysCommand({ channelArn }));
    for (const key of keys) if (key.arn) await this.client.send(new DeleteStreamKeyCommand({ arn: key.arn }));
  }

  async issueKey(db: Db, channelId: number): Promise<IssuedKey> {
    const existing = await this.row(db, channelId);
    let channelArn: string;
    let ingest: string;
    let playbackUrl: string;
    let key: { arn?: string; value?: string } | undefined;
    if (existing?.engineChannelId && existing.engineIngest && existing.enginePlaybackUrl) {
      channelArn = existing.engineChannelId;
      ingest = existing.engineIngest;
      playbackUrl = existing.enginePlaybackUrl;
      await this.deleteKeys(channelArn);
      key = (await this.client.send(new CreateStreamKeyCommand({ channelArn }))).streamKey;
    } else {
      const created = await this.client.send(
        new CreateChannelCommand({
          name: `${this.options.namePrefix}-${channelId}`,
          type: this.options.channelType,
          latencyMode: this.options.latencyMode,
          tags: { channelId: String(channelId) },
        }),
      );
      if (!created.channel?.arn || !created.channel.ingestEndpoint || !created.channel.playbackUrl)
        throw new Error('IVS CreateChannel answered without a channel');
      channelArn = created.channel.arn;
      ingest = created.channel.ingestEndpoint;
      playbackUrl = created.channel.playbackUrl;
      key = created.streamKey;
    }
    if (!key?.value || !key.arn) throw new Error('IVS answered without a stream key');
    const issuedAt = new Date();
    const set = {
      engine: ENGINE,
      keyHash: null,
      keyHint: keyHint(key.value),
      engineChannelId: channelArn,
      engineIngest: ingest,
      enginePlaybackUrl: playbackUrl,
      engineKeyId: key.arn,
      issuedAt,
      revokedAt: null,
    };
    await db
      .insert(streamKeys)
      .values({ channelId, ...set })
      .onConflictDoUpdate({ target: streamKeys.channelId, set });
    return { streamKey: key.value, masked: maskIvsKey(set.keyHint), serverUrl: this.serverUrl(set), issuedAt };
  }

  async keyState(db: Db, channelId: number): Promise<KeyState | null> {
    const row = await this.row(db, channelId);
    if (!row?.keyHint || !row.issuedAt || row.revokedAt) return null;
    return { masked: maskIvsKey(row.keyHint), serverUrl: this.serverUrl(row), issuedAt: row.issuedAt };
  }

  async revokeKey(db: Db, channelId: number): Promise<void> {
    const row = await this.row(db, channelId);
    if (!row?.engineChannelId) return;
    await this.deleteKeys(row.engineChannelId);
    await this.stop(row.engineChannelId);
    await db
      .update(streamKeys)
      .set({ keyHint: null, engineKeyId: null, revokedAt: new Date() })
      .where(eq(streamKeys.channelId, channelId));
  }

  async playback(db: Db, { channelId }: { streamId: number; channelId: number }): Promise<PlaybackSources> {
    const row = await this.row(db, channelId);
    if (!row?.enginePlaybackUrl) throw new Error(`channel ${channelId} has no IVS channel`);
    const url = row.enginePlaybackUrl;
    return { format: 'ivs', url, hls: { master: url, variants: [] }, flv: [] };
  }

  async cutPublisher(db: Db, { channelId }: { streamId: number; channelId: number }): Promise<void> {
    const row = await this.row(db, channelId);
    if (row?.engineChannelId) await this.stop(row.engineChannelId);
  }

  private async stop(channelArn: string): Promise<void> {
    try {
      await this.client.send(new StopStreamCommand({ channelArn }));
    } catch (err) {
      if (!(err instanceof ChannelNotBroadcasting)) throw err;
    }
  }

  /** Whether the channel's IVS stream is live now, and since when (GetStream; offline is an error there). */
  async streamState(
    db: Db,
    channelId: number,
  ): Promise<{ live: boolean; startedAt: Date | null; viewerCount: number | null }> {
    const row = await this.row(db, channelId);
    if (!row?.engineChannelId) return { live: false, startedAt: null, viewerCount: null };
    try {
      const { stream } = await this.client.send(new GetStreamCommand({ channelArn: row.engineChannelId }));
      return {
        live: stream?.state === 'LIVE',
        startedAt: stream?.startTime ?? null,
        viewerCount: stream?.viewerCount ?? null,
      };
    } catch (err) {
      if (err instanceof ChannelNotBroadcasting) return { live: false, startedAt: null, viewerCount: null };
      throw err;
    }
  }

  /**
   * Every stream live in the account now, by IVS channel ARN (ListStreams, 100 a page). What the
   * API follows starts and ends with (api/ingest/managed-lives.ts).
   */
  async liveStreams(): Promise<Map<string, ManagedStream>> {
    const live = new Map<string, ManagedStream>();
    for await (const page of paginateListStreams({ client: this.client, pageSize: 100 }, {}))
      for (const s of page.streams ?? [])
        if (s.channelArn && s.streamId && s.state === 'LIVE')
          live.set(s.channelArn, { streamId: s.streamId, startedAt: s.startTime ?? null });
    return live;
  }

  async finishRecording(): Promise<Recording | null> {
    return null;
  }

  /** IVS keeps thumbnails with its recordings (S3), not here. */
  async liveFrame(): Promise<LiveFrame | null> {
    return null;
  }
}

/** An IVS client for the region; `endpoint` points the SDK at another server speaking IVS's API (tests). */
export function ivsClient(region: string, endpoint?: string): IvsClient {
  return new IvsClient({ region, ...(endpoint ? { endpoint } : {}) });
}
