/**
 * A local server speaking Amazon IVS's REST API (the operations api/providers/ingest/ivs.ts uses),
 * shaped after the IVS API reference: `POST /{Operation}` with a JSON body, JSON answers, errors
 * as `x-amzn-ErrorType` + `{ message }` with the documented status. The real SDK talks to it
 * through an endpoint override; it checks that each call is SigV4-signed and keeps what it was told.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeChannel {
  arn: string;
  name: string;
  latencyMode: string;
  type: string;
  ingestEndpoint: string;
  playbackUrl: string;
  tags: Record<string, string>;
  live: { streamId: string; startTime: string } | null;
}

export interface FakeIvs {
  endpoint: string;
  region: string;
  channels: Map<string, FakeChannel>;
  /** stream key ARN → { value, channelArn } */
  keys: Map<string, { value: string; channelArn: string }>;
  /** Every call: operation and body, in order. */
  calls: { operation: string; body: Record<string, unknown>; signed: boolean }[];
  /** Makes a channel broadcast, as if an encoder pushed to it. */
  goLive(channelArn: string): void;
  /** Ends a channel's broadcast, as if its encoder stopped. */
  goOffline(channelArn: string): void;
  close(): Promise<void>;
}

const ACCOUNT = '123456789012';
const id = () => randomBytes(6).toString('hex');

class IvsError extends Error {
  readonly type: string;
  readonly status: number;

  constructor(type: string, status: number, message: string) {
    super(message);
    this.type = type;
    this.status = status;
  }
}

export async function startFakeIvs(region = 'ap-northeast-2'): Promise<FakeIvs> {
  const channels = new Map<string, FakeChannel>();
  const keys = new Map<string, { value: string; channelArn: string }>();
  const calls: FakeIvs['calls'] = [];

  const channelOf = (arn: unknown): FakeChannel => {
    const ch = typeof arn === 'string' ? channels.get(arn) : undefined;
    if (!ch)
      throw new IvsError('ResourceNotFoundException', 404, 'Request references a resource which does not exist.');
    return ch;
  };
  const newKey = (channelArn: string) => {
    if ([...keys.values()].some((k) => k.channelArn === channelArn))
      throw new IvsError('ServiceQuotaExceededException', 402, 'Request would cause a service quota to be exceeded.');
    const arn = `arn:aws:ivs:${region}:${ACCOUNT}:stream-key/${id()}`;
    const value = `sk_${region}_${randomBytes(18).toString('base64url')}`;
    keys.set(arn, { value, channelArn });
    return { arn, value, channelArn, tags: {} };
  };
  const publicChannel = ({ live: _live, ...ch }: FakeChannel) => ({
    ...ch,
    authorized: false,
    insecureIngest: false,
    recordingConfigurationArn: '',
  });

  const operations: Record<string, (body: Record<string, unknown>) => unknown> = {
    CreateChannel(body) {
      const key = id();
      const arn = `arn:aws:ivs:${region}:${ACCOUNT}:channel/${key}`;
      const ch: FakeChannel = {
        arn,
        name: String(body.name ?? ''),
        latencyMode: String(body.latencyMode ?? 'LOW'),
        type: String(body.type ?? 'STANDARD'),
        ingestEndpoint: `${key}.global-contribute.live-video.net`,
        playbackUrl: `https://${key}.${region}.playback.live-video.net/api/video/v1/${region}.${ACCOUNT}.channel.${key}.m3u8`,
        tags: (body.tags as Record<string, string>) ?? {},
        live: null,
      };
      channels.set(arn, ch);
      return { channel: publicChannel(ch), streamKey: newKey(arn) };
    },
    // biome-ignore lint/correctness/noComponentHookFactories: IVS's action names, not React components
    GetChannel: (body) => ({ channel: publicChannel(channelOf(body.arn)) }),
    // biome-ignore lint/correctness/noComponentHookFactories: IVS's action names, not React components
    CreateStreamKey: (body) => ({ streamKey: newKey(channelOf(body.channelArn).arn) }),
    DeleteStreamKey(body) {
      if (typeof body.arn !== 'string' || !keys.delete(body.arn))
        throw new IvsError('ResourceNotFoundException', 404, 'No such stream key.');
      return null;
    },
    GetStreamKey(body) {
      const key = typeof body.arn === 'string' ? keys.get(body.arn) : undefined;
      if (!key) throw new IvsError('ResourceNotFoundException', 404, 'No such stream key.');
      return { streamKey: { arn: body.arn, ...key, tags: {} } };
    },
    ListStreamKeys(body) {
      const ch = channelOf(body.channelArn);
      return {
        streamKeys: [...keys]
          .filter(([, k]) => k.channelArn === ch.arn)
          .map(([arn]) => ({ arn, channelArn: ch.arn, tags: {} })),
      };
    },
    GetStream(body) {
      const ch = channelOf(body.channelArn);
      if (!ch.live)
        throw new IvsError('ChannelNotBroadcasting', 404, 'The stream is offline for the given channel ARN.');
      return {
        stream: {
          channelArn: ch.arn,
          ...ch.live,
          playbackUrl: ch.playbackUrl,
          state: 'LIVE',
          health: 'HEALTHY',
          viewerCount: 3,
        },
      };
    },
    // Live streams of the account, a page at a time (`maxResults` 1-100, default 100; `nextToken`).
    ListStreams(body) {
      const all = [...channels.values()].filter((ch) => ch.live);
      const start = typeof body.nextToken === 'string' ? Number(body.nextToken) : 0;
      const size = typeof body.maxResults === 'number' ? body.maxResults : 100;
      if (!Number.isInteger(start) || start < 0 || size < 1 || size > 100)
        throw new IvsError('ValidationException', 400, 'Invalid request.');
      const page = all.slice(start, start + size);
      return {
        streams: page.map((ch) => ({
          channelArn: ch.arn,
          streamId: ch.live!.streamId,
          state: 'LIVE',
          health: 'HEALTHY',
          viewerCount: 3,
          startTime: ch.live!.startTime,
        })),
        ...(start + size < all.length ? { nextToken: String(start + size) } : {}),
      };
    },
    StopStream(body) {
      const ch = channelOf(body.channelArn);
      if (!ch.live)
        throw new IvsError('ChannelNotBroadcasting', 404, 'The stream is offline for the given channel ARN.');
      ch.live = null;
      return {};
    },
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const operation = (req.url ?? '').replace(/^\//, '').split('?')[0]!;
      const signed = /^AWS4-HMAC-SHA256 Credential=\S+\/ivs\/aws4_request/.test(req.headers.authorization ?? '');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      calls.push({ operation, body, signed });
      try {
        const handler = operations[operation];
        if (req.method !== 'POST' || !handler)
          throw new IvsError('ValidationException', 400, `Unknown operation ${operation}`);
        if (!signed)
          throw new IvsError(
            'AccessDeniedException',
            403,
            'User does not have sufficient access to perform this action.',
          );
        const answer = handler(body);
        if (answer === null) {
          res.writeHead(204).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } catch (err) {
        if (!(err instanceof IvsError)) throw err;
        res
          .writeHead(err.status, { 'content-type': 'application/json', 'x-amzn-errortype': err.type })
          .end(JSON.stringify({ message: err.message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    channels,
    keys,
    calls,
    goLive(channelArn) {
      channelOf(channelArn).live = { streamId: `st-${id()}`, startTime: new Date().toISOString() };
    },
    goOffline(channelArn) {
      channelOf(channelArn).live = null;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
