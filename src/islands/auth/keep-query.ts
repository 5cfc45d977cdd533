/**
 * The static parts of the sign-in and sign-up pages (no React): links marked `data-keep-query`
 * carry this page's query string (SPEC §2: domestic/foreigner switching keeps it), and the partner
 * variant (asp_code + userkey) shows its welcome banner and hides the domestic/foreigner tabs.
 */
const search = location.search;
for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-keep-query]')) {
  a.href = `${a.getAttribute('href')?.split('?')[0] ?? '/'}${search}`;
}
// The partner test of stores/auth-partner.ts, kept import-free so this script stays a few bytes.
const q = new URLSearchParams(search);
if (q.get('asp_code')?.trim() && q.get('userkey')?.trim()) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-partner-banner]')) el.hidden = false;
  for (const el of document.querySelectorAll<HTMLElement>('[data-signup-tabs]')) el.hidden = true;
}
