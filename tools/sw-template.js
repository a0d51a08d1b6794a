// The service worker, completed by tools/sw.mjs: Workbox writes the precache manifest where
// precacheAndRoute is given it, and names the folder of Workbox's own prebuilt modules below
// (a classic worker's importScripts; from this site, never a CDN).
importScripts(...['workbox-core', 'workbox-routing', 'workbox-strategies', 'workbox-precaching']
  .map((name) => `WORKBOX_DIR/${name}.prod.js`));
const { core, precaching } = self.workbox;

core.setCacheNameDetails({ prefix: 'pipes-and-ducks' });

// A file whose address carries no hash is precached under its revision. Workbox fetches it
// with cache: 'reload', past the HTTP cache, so a first visit downloaded each of them twice
// (the page's own request, then the precache's). Revalidating instead ('no-cache') asks the
// server whether the copy the page just fetched is current: the same file costs a 304 and no
// body, a changed one comes whole, so a stale copy can still never be kept.
precaching.addPlugins([{
  requestWillFetch: async ({ request }) => (request.cache === 'reload'
    ? new Request(request, { cache: 'no-cache' }) : request),
}]);
precaching.cleanupOutdatedCaches();
precaching.precacheAndRoute(self.__WB_MANIFEST, {
  // embed.html?game=...&players=... and index.html?anything are the same cached file
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: 'index.html',
});

// A new version waits until the page asks it to take over (web/pwa/register.js), so a game in
// progress is never switched to new code under its feet.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
