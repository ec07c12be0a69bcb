/// <reference lib="webworker" />
/**
 * The portal's service worker: keeps the app shell (page, bundles, manifest, icons) so that after the first visit
 * the app opens with no network, reload included. Its scope is `/portal` (the server sends
 * `Service-Worker-Allowed: /portal`), so the link `/portal#token=…` and every `/portal/…` page are covered.
 *
 * - The precache list and the version come from the build (`web/build.ts`): bundles are content-hashed, so a new
 *   build is a new list, a new worker and a new cache; the old caches are dropped when it activates.
 * - Navigations get the cached shell at once (the app renders from IndexedDB); bundles are cache-first.
 * - API and sync requests are never touched: the app and the device library handle being offline themselves.
 */
declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE__: string[];
declare const __VERSION__: string;

const CACHE = `portal-shell-${__VERSION__}`;
const SHELL = '/portal/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `cache: 'reload'`: past the HTTP cache, so the worker never keeps a stale copy of a fixed-name file.
      await cache.addAll(__PRECACHE__.map((url) => new Request(url, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('portal-shell-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === '/portal' || url.pathname.startsWith('/portal/'))) {
    event.respondWith(shell(request));
    return;
  }
  if (url.pathname.startsWith('/portal/assets/') || url.pathname.startsWith('/portal/icons/') || url.pathname === '/portal/manifest.webmanifest') {
    event.respondWith(cacheFirst(request));
  }
});

/** The cached page; the network only when the cache lost it (storage cleared by the browser). */
async function shell(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(SHELL);
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await cache.put(SHELL, res.clone());
  return res;
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}
