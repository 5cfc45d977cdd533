/**
 * The live page's inline classic script right after its player (src/pages/…/live.astro): it runs
 * while the parser is at it, before the page's first render, and fetches the addresses the worker
 * gave it as `data-prefetch` (what the player asks for first: domain/stream-hints.ts), all at once
 * and each read whole, so that the player's own requests, one after another and each behind the
 * page's parsing and rendering on its main thread (Chromium's own HLS), are answered from the
 * browser's cache. Addresses of the page's own origin only. Classic, not a module (a module waits
 * for the whole document): the worker leaves it so (worker/routes/live-source.ts), and with the
 * page's stylesheet in its head no style sheet holds it back.
 */
const script = document.currentScript as HTMLScriptElement | null;
for (const address of script?.dataset.prefetch?.split(' ') ?? []) {
  try {
    const url = new URL(address, location.href);
    if (url.origin === location.origin)
      fetch(url)
        .then((res) => res.arrayBuffer())
        .catch(() => {});
  } catch {
    // Not an address: nothing to fetch.
  }
}
