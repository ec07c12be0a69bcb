/// <reference lib="webworker" />
/**
 * The service worker of the two browser apps, built once per app (`web/build.ts` sets the constants):
 * - the portal's (`/portal/sw.js`, scope `/portal`, which the server allows with `Service-Worker-Allowed`, so the
 *   link `/portal#token=…` and every `/portal/…` page are covered);
 * - the TV display's (`/display/sw.js`, scope `/display/`): a screen reloaded while the network is down still opens
 *   and shows the last payload it kept.
 * It keeps the app shell (page, bundles, manifest, icons) so that after the first visit the app opens with no
 * network, reload included.
 *
 * - The precache list and the version come from the build (`web/build.ts`): bundles are content-hashed, so a new
 *   build is a new list, a new worker and a new cache; the old caches are dropped when it activates.
 * - Navigations get the cached shell at once (the app renders from IndexedDB); bundles are cache-first.
 * - API and sync requests are never touched: the app and the device library handle being offline themselves.
 */
declare const self: ServiceWorkerGlobalScope;
declare const __APP__: 'portal' | 'display';
declare const __PRECACHE__: string[];
declare const __VERSION__: string;
/** The URL under which the page itself is precached. */
declare const __SHELL__: string;

const PREFIX = `${__APP__}-shell-`;
const CACHE = `${PREFIX}${__VERSION__}`;
const SHELL = __SHELL__;
/** The app's pages: every navigation the worker answers with the shell. */
const isPage = (path: string) => (__APP__ === 'portal' ? path === '/portal' || path.startsWith('/portal/') : /^\/display\/(trips\/)?[A-Za-z0-9_-]+\/?$/.test(path));
const isStatic = (path: string) =>
  path.startsWith(`/${__APP__}/assets/`) || path.startsWith('/portal/icons/') || path === '/portal/manifest.webmanifest';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Fixed-name files (the page, the manifest, icons) past the HTTP cache, so the worker never keeps a stale copy;
      // content-hashed bundles from it, where the page just put them (no second download on the first visit).
      await cache.addAll(__PRECACHE__.map((url) => new Request(url, { cache: /\/assets\//.test(url) ? 'default' : 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && isPage(url.pathname)) {
    event.respondWith(shell(request));
    return;
  }
  if (isStatic(url.pathname)) event.respondWith(cacheFirst(request));
});

/** The cached page; the network only when the cache lost it (storage cleared by the browser). */
async function shell(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(SHELL, { ignoreVary: true });
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await cache.put(SHELL, res.clone());
  return res;
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // By URL alone: a precached file is the same whatever the request's headers. The server marks its answers
  // `Vary: Origin` (CORS), and a module script is fetched with an Origin header the precache request did not carry,
  // so honouring Vary would miss every precached bundle and the app would not open offline.
  const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}
