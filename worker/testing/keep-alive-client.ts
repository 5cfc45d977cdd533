/**
 * One raw HTTP/1.1 client connection for worker tests that need to see what happens to a
 * keep-alive socket (fetch() hides it): requests are written as they are, answers read one by one
 * (Content-Length or chunked), and a connection the server closed shows as 'closed'.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

export interface KeepAliveClient {
  send(data: string | Buffer): Promise<void>;
  /** The next whole answer on the connection, or 'closed' once the server closed it without one. */
  answer(): Promise<RawAnswer | 'closed'>;
  close(): void;
}

/** A chunked body (RFC 9112 §7.1) once it is all there: its bytes and where it ends, else null. */
function chunkedBody(data: Buffer): { text: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = data.indexOf('\r\n', at);
    if (line < 0) return null;
    const size = parseInt(data.subarray(at, line).toString('latin1'), 16);
    if (size === 0) return data.length >= line + 4 ? { text: Buffer.concat(parts), end: line + 4 } : null;
    if (data.length < line + 2 + size + 2) return null;
    parts.push(data.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

/** A body of a declared length once it is all there, else null. */
function sizedBody(data: Buffer, bytes: number): { text: Buffer; end: number } | null {
  return data.length >= bytes ? { text: data.subarray(0, bytes), end: bytes } : null;
}

export function keepAliveClient(url: URL): KeepAliveClient {
  const socket = connect(Number(url.port), url.hostname);
  let buffered = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (d) => {
    buffered = Buffer.concat([buffered, d]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  // A reset shows as 'closed' on the next answer().
  socket.on('error', () => {});
  const more = () => new Promise<void>((resolve) => (wake = resolve));

  async function answer(): Promise<RawAnswer | 'closed'> {
    for (;;) {
      const head = buffered.indexOf('\r\n\r\n');
      if (head >= 0) {
        const headers = buffered.subarray(0, head).toString('latin1');
        const rest = buffered.subarray(head + 4);
        const length = /^content-length: *(\d+)/im.exec(headers);
        const body = length ? sizedBody(rest, Number(length[1])) : chunkedBody(rest);
        if (body) {
          buffered = rest.subarray(body.end);
          return { status: Number(headers.split(' ')[1]), headers, body: body.text.toString() };
        }
      }
      if (closed) return 'closed';
      await more();
    }
  }

  return {
    send: (data) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
    answer,
    close: () => socket.destroy(),
  };
}
