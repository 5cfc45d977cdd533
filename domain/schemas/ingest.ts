/**
 * What the media server posts to the API's ingest callbacks (nginx-rtmp `on_publish` and
 * `on_publish_done`, form-encoded). Other fields it sends (tcurl, flashver, swfurl, pageurl,
 * type) are ignored.
 */
import * as v from 'valibot';

export const mediaCallbackBody = v.object({
  /** The RTMP application the encoder published to. */
  app: v.pipe(v.string(), v.maxLength(64)),
  /** The stream name: the stream key, as the encoder sent it. */
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  /** The media server's id of the connection. */
  clientid: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
  call: v.optional(v.pipe(v.string(), v.maxLength(32))),
  addr: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

/** Development only: which demo member's channel `npm run demo:push` broadcasts on. */
export const demoKeyBody = v.object({
  loginId: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
});
