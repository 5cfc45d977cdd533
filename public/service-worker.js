/*
 * Service worker (issue 5 §9): precaches the shell (the offline page and the hashed assets it
 * loads) and answers navigations with the offline page when the network is gone.
 * It never caches API answers, the chat socket, or any page: pages may hold user data.
 */
const CACHE = 'flx-shell-v1';
const OFFLINE_URL = '/offline/';
const PRECACHE = [OFFLINE_URL, '/default-profile.svg', '/default-thumbnail.svg'];
const NEVER_CACHED = [/^\/api\//, /^\/v\d+\/api\//, /^\/socket\.io\//];
/** Content-hashed build output and brand images: safe to keep, never change under one URL. */
const CACHEABLE = [/^\/_astro\//, /^\/brands\//, /^\/default-(?:profile|thumbnail)\.svg$/];

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(PRECACHE);
  // The offline page's own scripts, styles and images make the shell it needs.
  const page = await cache.match(OFFLINE_URL);
  const html = page ? await page.text() : '';
  const assets = [...html.matchAll(/(?:src|href)="(\/(?:_astro|brands)\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((re) => re.test(url.pathname))) return;

  if (request.mode === 'navigate') {
    // Pages always come from the network; only a failed network falls back to the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL).then((r) => r || Response.error())));
    return;
  }
  if (CACHEABLE.some((re) => re.test(url.pathname))) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const res = await fetch(request);
        if (res.ok) cache.put(request, res.clone());
        return res;
      }),
    );
  }
});
