// Generate the service worker for a built site with Workbox (never a hand-written list):
//   node tools/sw.mjs dist ['["web/app.js", ...]' ['HASHED']]
// The optional list names files no page loads (the modules tools/bundle.mjs bundled, kept
// beside their bundles): they are not precached. HASHED is the pattern of a content-hashed
// address (tools/serve.py's HASHED_PATH, handed over by tools/build.py).
// Every file the site needs is precached with a content hash, including the Pyodide wasm
// and stdlib, so after one visit both games start and play offline. The page registers the
// worker only once the engine is ready and the page is idle (web/pwa/register.js), and the
// runtime and the engine have content-hashed addresses (tools/build.py), so their precache
// requests may be answered by the HTTP cache the visit just filled; the other files are
// revalidated rather than downloaded again (tools/sw-template.js): each byte is downloaded
// once.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { injectManifest } from 'workbox-build';

const dir = process.argv[2] || 'dist';
const unloaded = JSON.parse(process.argv[3] || '[]');
const hashed = process.argv[4];
const require = createRequire(import.meta.url);
const { version } = require('workbox-build/package.json');
// Workbox's prebuilt modules, in a folder named by their version: a service worker's imported
// scripts are compared byte for byte on each update check, a new version gets a new address.
const WORKBOX_DIR = `workbox-v${version}`;
const MODULES = ['workbox-core', 'workbox-routing', 'workbox-strategies', 'workbox-precaching'];
fs.rmSync(path.join(dir, WORKBOX_DIR), { recursive: true, force: true });
fs.mkdirSync(path.join(dir, WORKBOX_DIR));
for (const name of MODULES) {
  const built = path.join(path.dirname(require.resolve(`${name}/package.json`)), 'build', `${name}.prod.js`);
  // the prebuilt files end with a source-map comment for a map this site does not ship
  const text = fs.readFileSync(built, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
  fs.writeFileSync(path.join(dir, WORKBOX_DIR, `${name}.prod.js`), text);
}
const template = path.join(dir, 'sw-template.js');
fs.writeFileSync(template, fs.readFileSync(new URL('./sw-template.js', import.meta.url), 'utf8')
  .replaceAll('WORKBOX_DIR', WORKBOX_DIR));
try {
  const { count, size, warnings } = await injectManifest({
    swSrc: template,
    swDest: path.join(dir, 'sw.js'),
    globDirectory: dir,
    globPatterns: ['**/*.{html,js,mjs,css,json,toml,py,whl,zip,wasm,svg,png,webmanifest}'],
    // The second introducer's MQTT client (450 KB) is loaded only when a person chooses online
    // play, which needs the network anyway: not every visitor's download.
    globIgnores: ['sw.js', 'sw-template.js', `${WORKBOX_DIR}/**`, '**/*.map', 'web/vendor/trystero/**', ...unloaded],
    // The address carries the content's hash (a runtime folder, a bundle): taken from the
    // HTTP cache as it is. Without the pattern, every file is fetched afresh (still right).
    dontCacheBustURLsMatching: hashed ? new RegExp(`(?:^|/)${hashed}`) : undefined,
    // pyodide.asm.wasm and the standard library's archives are several MB each.
    maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(`workbox: ${w}`);
  console.log(`service worker: precaching ${count} files, ${(size / 1048576).toFixed(1)} MiB`);
} finally {
  fs.rmSync(template);
}
