/**
 * Decides what a file is from its first bytes, never from its name or the client's content type
 * (ASVS 5.2.2). Only raster images we can measure are accepted; SVG (script-capable), HTML,
 * archives and everything unknown are refused.
 */

export type ImageKind =
  | { mime: 'image/png'; ext: 'png' }
  | { mime: 'image/jpeg'; ext: 'jpg' }
  | { mime: 'image/gif'; ext: 'gif' }
  | { mime: 'image/webp'; ext: 'webp' };

export type Sniffed = { ok: true; kind: ImageKind } | { ok: false; reason: 'svg' | 'html' | 'archive' | 'unknown' };

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

export function sniffFile(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ok: true, kind: { mime: 'image/png', ext: 'png' } };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ok: true, kind: { mime: 'image/jpeg', ext: 'jpg' } };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { ok: true, kind: { mime: 'image/gif', ext: 'gif' } };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { ok: true, kind: { mime: 'image/webp', ext: 'webp' } };
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]) ||
    startsWith(bytes, [0x1f, 0x8b]) ||
    ascii(bytes, 0, 4) === 'Rar!' ||
    startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf])
  ) {
    return { ok: false, reason: 'archive' };
  }
  const head = ascii(bytes, 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.includes('<svg')) return { ok: false, reason: 'svg' };
  if (/^<(!doctype|html|head|body|script|iframe|\?xml)/.test(head) || head.includes('<script'))
    return { ok: false, reason: 'html' };
  return { ok: false, reason: 'unknown' };
}
