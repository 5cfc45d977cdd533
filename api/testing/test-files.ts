/** Tiny synthetic files for upload tests: real headers, enough for sniffing and size checks. */

/** A PNG header (signature + IHDR) declaring width × height. */
export function pngBytes(width = 1, height = 1): Uint8Array {
  const b = new Uint8Array(67);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const dv = new DataView(b.buffer);
  dv.setUint32(16, width);
  dv.setUint32(20, height);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}

export function jpegBytes(width = 2, height = 3): Uint8Array {
  // SOI, APP0 (length 16), SOF0 with height/width.
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

export function gifBytes(width = 4, height = 5): Uint8Array {
  return new Uint8Array([
    ...new TextEncoder().encode('GIF89a'),
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0,
    0,
    0,
    0x3b,
  ]);
}

export const text = (s: string) => new TextEncoder().encode(s);
export const fileOf = (bytes: Uint8Array, name: string, type = 'image/png') => new File([bytes], name, { type });

/** A WebP (RIFF + VP8X chunk) header declaring width × height. */
export function webpBytes(width = 7, height = 9): Uint8Array {
  const b = new Uint8Array(30);
  const enc = new TextEncoder();
  b.set(enc.encode('RIFF'), 0);
  b.set(enc.encode('WEBP'), 8);
  b.set(enc.encode('VP8X'), 12);
  const w = width - 1;
  const h = height - 1;
  b.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff], 24);
  b.set([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 27);
  return b;
}
