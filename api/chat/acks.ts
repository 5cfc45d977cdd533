/** What every chat handler answers with: acks, refusals by catalogue code, payloads read by schema. */
import * as v from 'valibot';
import type { Ack, ChatErrorCode } from '../../domain/chat-events.ts';

export type Reply<T extends object = object> = (result: Ack<T>) => void;

/** A refused ack, `{ ok: false, code }`; the code's text is `error_<code>` of messages/. */
export const refuse = (code: ChatErrorCode) => ({ ok: false as const, code });

/** A client may omit the ack callback; answering then is a no-op. */
export function replyOf<T extends object>(ack: unknown): Reply<T> {
  return typeof ack === 'function' ? (ack as Reply<T>) : () => {};
}

/** The payload as `schema` reads it, or null when it does not fit (the handler answers `bad_request`). */
export function payloadOf<S extends v.GenericSchema>(schema: S, payload: unknown): v.InferOutput<S> | null {
  const result = v.safeParse(schema, payload);
  return result.success ? result.output : null;
}

/**
 * A socket.io listener that answers its ack with what `work` resolves to, and with `internal`
 * when it throws (logged as `[chat] <name> failed`): a client never waits for an ack that never comes.
 */
export function answering<T extends object>(name: string, work: (payload: unknown) => Promise<Ack<T>>) {
  return async function answer(payload: unknown, ack: unknown): Promise<void> {
    const reply = replyOf<T>(ack);
    try {
      reply(await work(payload));
    } catch (err) {
      console.error(`[chat] ${name} failed`, err);
      reply(refuse('internal'));
    }
  };
}
