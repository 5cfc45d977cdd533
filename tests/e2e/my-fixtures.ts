/** Shared bits of the My page e2e specs: tiny real image files and a disguised one. */

/** A valid 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const pngFile = (name = 'receipt.png') => ({ name, mimeType: 'image/png', buffer: PNG_1PX });

/** HTML with a script, named and typed as a PNG. */
export const disguisedHtml = () => ({
  name: 'evidence.png',
  mimeType: 'image/png',
  buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
});

/** A PNG header followed by 6 MB of padding: over the 5 MB cap. */
export const oversizedPng = () => ({
  name: 'huge.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([PNG_1PX, Buffer.alloc(6 * 1024 * 1024)]),
});

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
