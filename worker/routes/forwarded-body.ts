/**
 * A request body streamed to the API, read to its end by the worker even when the API answers
 * before reading it (a 413 on the declared length, a guard's 403).
 *
 * When a subrequest is answered early, workerd stops its upload; had the visitor's body been
 * passed to fetch() as it is, it would be cancelled with it, and workerd then closes the
 * visitor's keep-alive connection after the answer without saying so (a worker's `Connection:
 * close` is dropped: hop-by-hop). The visitor's next request on that connection is lost
 * (`wrangler dev`'s proxy answers it 500 "Network connection lost"). Reading the rest keeps
 * the connection, as RFC 9112 §9.6 asks of a server that answers before the whole body.
 */

/** Past this many bytes after the answer the rest is not read: the connection is given up instead. */
export const FORWARDED_BODY_DRAIN_BYTES_MAX = 64 * 1024 * 1024;
/** After the answer, an API that takes nothing for this long is taken to have stopped reading. */
export const FORWARDED_BODY_STALL_MS = 5000;

export interface ForwardedBody {
  /** What fetch() sends the API; it keeps the declared length (no chunked re-encoding). */
  stream: ReadableStream<Uint8Array>;
  /** Whether the API has read the whole body. */
  sent(): boolean;
  /**
   * Resolves once the visitor's body was read to its end (or given up): forwarded while the API
   * takes it (it drains what it refused), then, once it closed its side or took nothing for
   * FORWARDED_BODY_STALL_MS, read and dropped, at most FORWARDED_BODY_DRAIN_BYTES_MAX more.
   * Never rejects.
   */
  finish(stallMs?: number): Promise<void>;
}

export function forwardedBody(body: ReadableStream<Uint8Array>, declaredBytes: number | null): ForwardedBody {
  // FixedLengthStream is workerd's; app.request() in Node has a plain pipe (and sends it chunked).
  const fixedLength = declaredBytes !== null && typeof FixedLengthStream === 'function';
  const pipe: TransformStream<Uint8Array, Uint8Array> = fixedLength
    ? new FixedLengthStream(declaredBytes)
    : new TransformStream();
  const writer = pipe.writable.getWriter();
  const reader = body.getReader();
  let forwarding = true;
  let sent = false;
  let stopped = () => {};
  let progressed = () => {};
  // A write the API will never take stays pending (aborting waits for it): the pump stops waiting instead.
  const stopping = new Promise<void>((resolve) => (stopped = resolve));
  const stopForwarding = () => {
    if (!forwarding) return;
    forwarding = false;
    stopped();
    writer.abort().catch(() => {});
  };
  const pumped = (async () => {
    let droppedBytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (forwarding) await writer.close();
          sent = forwarding;
          return;
        }
        if (forwarding) await Promise.race([writer.write(value).then(() => progressed(), stopForwarding), stopping]);
        else if ((droppedBytes += value.byteLength) > FORWARDED_BODY_DRAIN_BYTES_MAX) {
          await reader.cancel();
          return;
        }
      }
    } catch {
      // The visitor went away, or the API's side of the pipe closed: nothing left to keep.
      stopForwarding();
    }
  })();
  return {
    stream: pipe.readable,
    sent: () => sent,
    finish(stallMs = FORWARDED_BODY_STALL_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      progressed = () => {
        clearTimeout(timer);
        timer = setTimeout(stopForwarding, stallMs);
      };
      progressed();
      return pumped.finally(() => clearTimeout(timer));
    },
  };
}
