/**
 * An API answer that comes before the API read the body (a 413 on the declared length) keeps
 * the visitor's keep-alive connection, in workerd: the next request on the same socket gets its
 * answer (forwarded-body.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorker, type WorkerUnderTest } from '../testing/harness.ts';
import { keepAliveClient } from '../testing/keep-alive-client.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
}, 120_000);
afterAll(() => w.close());

// More than the sockets and workerd take in on their own: a few MiB pass even when nobody reads them.
const BODY_BYTES = 32 * 1024 * 1024;

it('answers the next request on the connection after an API 413 that left the body unread', async () => {
  w.api.on('POST', '/api/cs/declaration-post', { status: 413, body: '{"error":"payload_too_large"}', early: true });
  const client = keepAliveClient(w.url);
  try {
    await client.send(
      'POST /api/cs/declaration-post HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${BODY_BYTES}\r\n\r\n`,
    );
    await client.send(Buffer.alloc(BODY_BYTES, 'x'));
    const refused = await client.answer();
    expect(refused).toMatchObject({ status: 413 });
    expect(refused !== 'closed' && JSON.parse(refused.body)).toEqual({ error: 'payload_too_large' });
    expect(w.api.callsTo('/api/cs/declaration-post')[0]?.headers['content-length']).toBe(String(BODY_BYTES));

    // The next request needs no API call: in this harness the worker's subrequests pass through
    // wrangler's outbound hook (miniflare's loopback server and Node's fetch), which stops reading
    // an upload once its answer came and leaves it stalled; under load workerd's next subrequest
    // then waits behind it and times out. A deployed worker fetches the API directly.
    await client.send('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const next = await client.answer();
    expect(next).toMatchObject({ status: 200, body: 'ok' });
  } finally {
    client.close();
  }
});
