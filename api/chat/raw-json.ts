/**
 * JSON serialised once, sent to many: a `RawJson` inside an ack or an emit goes out as its text,
 * spliced into the packet, instead of being stringified again for every socket (socket.io encodes
 * each ack on its own). The wire is unchanged: clients parse the same JSON as before.
 */
import { randomUUID } from 'node:crypto';
import type { ChatServer } from './types.ts';

/** A value already serialised as JSON (valid JSON text, made by JSON.stringify). */
export class RawJson {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

interface ParserEncoder {
  encode(packet: unknown): (string | Uint8Array)[];
}
type EncoderClass = new (replacer?: (key: string, value: unknown) => unknown) => ParserEncoder;

/**
 * Makes `io` encode with an encoder that splices `RawJson`s. Set right after `new Server` (every
 * connection takes the server's encoder when it is made); broadcasts keep socket.io's own encoding.
 */
export function spliceRawJson(io: ChatServer): void {
  const Base = io._parser.Encoder as unknown as EncoderClass;
  // A placeholder no packet text can contain by chance: the head is stringified with it, then it is replaced.
  const token = `__raw_${randomUUID()}_`;
  // One encoder per server, and encode() is synchronous: the texts of the packet being encoded.
  let raws: string[] = [];
  const replacer = (_key: string, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raws.push(value.json);
    return `${token}${raws.length - 1}`;
  };
  class RawJsonEncoder extends Base {
    override encode(packet: unknown): (string | Uint8Array)[] {
      raws = [];
      const out = super.encode(packet);
      const texts = raws;
      raws = [];
      if (texts.length === 0 || typeof out[0] !== 'string') return out;
      let text = out[0];
      for (let i = 0; i < texts.length; i++) text = text.replace(`"${token}${i}"`, () => texts[i]!);
      return [text, ...out.slice(1)];
    }
  }
  (io as unknown as { encoder: ParserEncoder }).encoder = new RawJsonEncoder(replacer);
}
