// Generate the service worker for a built site with Workbox (never a hand-written list):
//   node tools/sw.mjs dist
// Every file the site needs is precached with a content hash, including the Pyodide wasm
// and stdlib, so after one visit both games start and play offline. The page registers the
// worker only once the engine is ready and the page is idle (web/pwa/register.js), and the
// runtime and the engine have content-hashed addresses (tools/build.py), so their precache
// requests may be answered by the HTTP cache the visit just filled: each byte is downloaded
// once. The new worker waits
// until the page asks it to take over (web/pwa/register.js), so a game in progress is never
// switched to new code under its feet.
import { generateSW } from 'workbox-build';

const dir = process.argv[2] || 'dist';
const { count, size, warnings } = await generateSW({
  globDirectory: dir,
  globPatterns: ['**/*.{html,js,mjs,css,json,toml,py,whl,zip,wasm,svg,png,webmanifest}'],
  globIgnores: ['sw.js', 'workbox-*.js', '**/*.map'],
  // The address carries the content's hash: no cache-busting reload of 13 MB.
  dontCacheBustURLsMatching: /(?:^|\/)web\/vendor\/(?:pyodide|pyscript|engine)-[0-9a-f]{16}\//,
  swDest: `${dir}/sw.js`,
  // python_stdlib.zip and pyodide.asm.wasm are several MB each.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  // embed.html?game=...&players=... and index.html?anything are the same cached file.
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: 'index.html',
  cleanupOutdatedCaches: true,
  // Wait for the page's SKIP_WAITING message (sent between games or on request).
  skipWaiting: false,
  clientsClaim: false,
  sourcemap: false,
  mode: 'production',
  cacheId: 'pipes-and-ducks',
});
for (const w of warnings) console.warn(`workbox: ${w}`);
console.log(`service worker: precaching ${count} files, ${(size / 1048576).toFixed(1)} MiB`);
