/**
 * The one callbackURL sanitizer (SECURITY-CHECKLIST "Redirects"; ASVS 1.2.2, 3.7.2).
 * Every redirect the product follows, in the worker or in the browser, goes through here.
 */

/** Longest callback we follow; longer input is an attack or a bug. */
export const CALLBACK_URL_LENGTH_MAX = 2048;

const BASE = 'https://callback.invalid';

/**
 * Returns a same-origin path (path + query + hash) for `input`, or `/` when the input is not a
 * plain same-site path. The input is decoded at most once by the caller (URLSearchParams);
 * here we refuse anything whose resolution against a fixed base leaves that base, including
 * forms browsers normalise into another host (`/..//evil.example`, `/./\/evil.example`).
 */
export function safeCallbackUrl(input: unknown): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > CALLBACK_URL_LENGTH_MAX) return '/';
  // Control characters (CR/LF header injection, tab/NUL tricks) and backslashes are never part of our paths.
  if (/[\u0000-\u001f\u007f\\]/.test(input)) return '/';
  if (!input.startsWith('/') || input.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(input, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const out = url.pathname + url.search + url.hash;
  // The normalised path may itself have become protocol-relative (`/..//x` -> `//x`).
  if (!out.startsWith('/') || out.startsWith('//') || out.startsWith('/\\')) return '/';
  // Encoded control characters, and an encoded separator right after the first slash, become
  // another host or a header break if anything downstream decodes a second time.
  if (/%(?:[01][0-9a-f]|7f)/i.test(out) || /^\/(?:%2f|%5c)/i.test(out)) return '/';
  // The same, encoded twice (`/%252f%252fevil.example`): one extra decode away from `//evil.example`.
  if (/^\/(?:%25)+(?:2f|5c)/i.test(out) || /%(?:25)+(?:[01][0-9a-f]|7f)/i.test(out)) return '/';
  return out;
}
