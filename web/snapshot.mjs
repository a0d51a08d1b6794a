// The Pyodide memory snapshot: on a repeat visit, Python's memory as it was just after start-up
// is restored instead of starting Python again, about 0.8 s less work on the main thread on a
// 2-core laptop (docs/startup.md). The build makes it from the vendored Pyodide
// (tools/snapshot.mjs) and serves it gzipped, 6 MB; web/vendor/snapshot.mjs names it.
//
// A first visit never waits for it: Pyodide starts as usual, and once the page is idle the
// snapshot is downloaded, unpacked and kept in Cache Storage for the next visit. Its name
// carries a hash of the files it was made from, so a new Pyodide brings a new name, the old
// snapshot is never restored with it, and storing the new one drops the old.
import { snapshot } from './vendor/snapshot.mjs';

const CACHE = 'pnd-pyodide-snapshot';
// Cache Storage holds the unpacked snapshot under the address of the packed file.
const url = new URL(`./vendor/${snapshot.file}`, import.meta.url).href;
const STORE_AFTER_MS = 1500;

/** Cache Storage, or null where there is none (an insecure context) or reading it throws
 * (storage blocked: some privacy modes make the getter itself a SecurityError). */
function cacheStorage() {
  try {
    return globalThis.caches ?? null;
  } catch {
    return null;
  }
}

/** The stored snapshot as `{bytes}`, a promise of its bytes that rejects if they are not the
 * snapshot's (Pyodide can start while they are read), or null when none is stored. */
export async function storedSnapshot() {
  let res;
  try {
    res = await (await cacheStorage().open(CACHE)).match(url);
  } catch {
    return null; // no Cache Storage (an insecure context) or storage blocked
  }
  if (!res) return null;
  const bytes = res.arrayBuffer().then(checked);
  bytes.catch(() => {}); // whoever restores it handles the failure, not the page's error handler
  return { bytes };
}

function checked(bytes) {
  if (bytes.byteLength !== snapshot.bytes) {
    throw new Error(`the stored snapshot has ${bytes.byteLength} bytes, not ${snapshot.bytes}`);
  }
  return bytes;
}

/** Drop a snapshot that did not restore, so that later visits do not try it again. */
export async function forgetSnapshot() {
  try {
    await cacheStorage()?.delete(CACHE);
  } catch { /* nothing stored */ }
}

/** After a start without a snapshot: store one for the next visit once the page is idle, in a
 * worker (unpacking 31 MB took one core 120 ms). Skipped when the person asked their browser
 * to save data. */
export function storeSnapshotLater() {
  if (!cacheStorage() || navigator.connection?.saveData) return;
  const idle = globalThis.requestIdleCallback || ((fn) => fn());
  setTimeout(() => idle(() => {
    new Worker(new URL('./snapshot-worker.mjs', import.meta.url), { type: 'module' });
  }), STORE_AFTER_MS);
}

/** Download, unpack and store the snapshot, dropping any other version (web/snapshot-worker.mjs). */
export async function storeSnapshot() {
  if (!navigator.onLine) return;
  try {
    const res = await fetch(url);
    if (!res.ok) return;
    const packed = await res.arrayBuffer();
    const bytes = checked(isGzip(packed) ? await gunzip(packed) : packed); // a host may unpack it in transit
    const cache = await cacheStorage().open(CACHE);
    await cache.put(url, new Response(bytes));
    for (const request of await cache.keys()) {
      if (request.url !== url) await cache.delete(request);
    }
  } catch (err) {
    console.warn('The start-up snapshot could not be stored for the next visit:', err);
  }
}

function isGzip(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
  return head[0] === 0x1f && head[1] === 0x8b;
}

function gunzip(buffer) {
  return new Response(new Blob([buffer]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
}
