// The Pyodide memory snapshot: on a repeat visit, Python's memory as it was just after start-up
// is restored instead of starting Python again, about 0.8 s less work on a 2-core laptop
// (docs/startup.md). The build makes it from the vendored Pyodide (tools/snapshot.mjs) and
// serves it gzipped, 6 MB; web/vendor/snapshot.mjs names it.
//
// A first visit never waits for it: Pyodide starts as usual, and once the page is idle the
// snapshot is downloaded, unpacked and kept for the next visit in the origin private file
// system (OPFS), which the engine worker reads in one synchronous call straight into the buffer
// Pyodide restores from: 31 MB in about 20 ms, where Cache Storage streamed it in 65-100 ms on
// the start's critical path (docs/startup.md). Its name carries a hash of the files it was made
// from, so a new Pyodide brings a new name, the old snapshot is never restored with it, and
// storing the new one drops the old.
import { snapshot } from './vendor/snapshot.mjs';

const FOLDER = 'pnd-pyodide-snapshot';
const NAME = snapshot.file.replace(/\.gz$/, '');
const url = new URL(`./vendor/${snapshot.file}`, import.meta.url).href;
// Where snapshots were kept before (Cache Storage): emptied when one is stored here.
const OLD_CACHE = 'pnd-pyodide-snapshot';
const STORE_AFTER_MS = 1500;

/** The snapshot's folder in the origin private file system, or null where there is none (an
 * insecure context, an old browser) or storage is blocked (the call rejects). */
async function folder(create) {
  try {
    return await (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create });
  } catch {
    return null;
  }
}

/** The stored snapshot as `{bytes}`, a promise of its bytes that rejects if they are not the
 * snapshot's (Pyodide can start while they are read), or null when none is stored. */
export async function storedSnapshot() {
  let file;
  try {
    file = await (await folder(false))?.getFileHandle(NAME);
  } catch {
    return null; // not stored (yet), or stored under another Pyodide's name
  }
  if (!file) return null;
  const bytes = read(file);
  bytes.catch(() => {}); // whoever restores it handles the failure, not the page's error handler
  return { bytes };
}

/** The file's bytes: in a worker, in one synchronous read with a read-only handle (two engines
 * starting at once can both hold one); elsewhere, or where that is refused, as a File. */
async function read(file) {
  if (file.createSyncAccessHandle) {
    let handle = null;
    try {
      handle = await file.createSyncAccessHandle({ mode: 'read-only' });
    } catch { /* taken by a writer, or no read-only mode here: read it as a File */ }
    if (handle) {
      try {
        const bytes = new Uint8Array(sized(handle.getSize()));
        if (handle.read(bytes, { at: 0 }) !== bytes.length) throw new Error('the stored snapshot was cut short while read');
        return bytes;
      } finally {
        handle.close();
      }
    }
  }
  const blob = await file.getFile();
  sized(blob.size);
  return new Uint8Array(await blob.arrayBuffer());
}

function sized(size) {
  if (size !== snapshot.bytes) throw new Error(`the stored snapshot has ${size} bytes, not ${snapshot.bytes}`);
  return size;
}

/** Drop a snapshot that did not restore, so that later visits do not try it again. */
export async function forgetSnapshot() {
  try {
    await (await navigator.storage.getDirectory()).removeEntry(FOLDER, { recursive: true });
  } catch { /* nothing stored */ }
}

/** After a start without a snapshot: store one for the next visit once the page is idle, in a
 * worker (unpacking 31 MB took one core 120 ms). Skipped when the person asked their browser
 * to save data. */
export function storeSnapshotLater() {
  if (!globalThis.navigator?.storage?.getDirectory || navigator.connection?.saveData) return;
  const idle = globalThis.requestIdleCallback || ((fn) => fn());
  setTimeout(() => idle(() => {
    new Worker(new URL('./snapshot-worker.mjs', import.meta.url), { type: 'module' });
  }), STORE_AFTER_MS);
}

/** Download, unpack and store the snapshot, dropping any other version (web/snapshot-worker.mjs). */
export async function storeSnapshot() {
  if (!navigator.onLine) return;
  try {
    const dir = await folder(true);
    if (!dir) return;
    const res = await fetch(url);
    if (!res.ok) return;
    const packed = await res.arrayBuffer();
    const bytes = isGzip(packed) ? await gunzip(packed) : packed; // a host may unpack it in transit
    sized(bytes.byteLength);
    // Written under another name and then renamed: the file exists, empty, from the moment it
    // is created, and a page that started meanwhile must not take that for a damaged snapshot.
    // (A browser that cannot rename one writes it in its place.)
    const part = await write(dir, `${NAME}.part`, bytes);
    if (part.move) await part.move(NAME);
    else await write(dir, NAME, bytes);
    for await (const name of dir.keys()) {
      if (name !== NAME) await dir.removeEntry(name);
    }
    await globalThis.caches?.delete(OLD_CACHE);
  } catch (err) {
    console.warn('The start-up snapshot could not be stored for the next visit:', err);
  }
}

/** Write `bytes` to the file `name` in `dir`: in a worker (web/snapshot-worker.mjs) through a
 * synchronous handle, which every browser with this file system has there; elsewhere (a test's
 * page) through a writable stream. */
async function write(dir, name, bytes) {
  const file = await dir.getFileHandle(name, { create: true });
  if (file.createSyncAccessHandle) {
    const handle = await file.createSyncAccessHandle();
    try {
      handle.truncate(0);
      if (handle.write(new Uint8Array(bytes), { at: 0 }) !== bytes.byteLength) throw new Error('the disk took only part of it');
      handle.flush();
    } finally {
      handle.close();
    }
  } else {
    const writable = await file.createWritable();
    await writable.write(bytes);
    await writable.close();
  }
  return file;
}

function isGzip(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
  return head[0] === 0x1f && head[1] === 0x8b;
}

function gunzip(buffer) {
  return new Response(new Blob([buffer]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
}
