/**
 * The response for a stored file: always a download-style answer that no browser will run or
 * sniff into HTML (ASVS 5.4.1). `<img>` still shows images; opening the URL downloads.
 */
export function fileResponse(bytes: Uint8Array, mime: string, downloadName: string): Response {
  const ascii = downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // Stored bytes are never backed by a SharedArrayBuffer; TS 5.9 types cannot know that.
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': mime,
      'content-length': String(bytes.byteLength),
      // RFC 6266 §4.3: a plain fallback plus the UTF-8 name.
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, max-age=3600',
    },
  });
}
