// The interpreter pyscript.toml names: the vendored Pyodide (web/vendor/pyodide/), started by
// us inside PyScript's engine worker (docs/startup.md).
//
// PyScript imports this module in the worker, reads `version` and calls `loadPyodide(options)`
// once its own start-up has got that far. Pyodide starts here as soon as the module is
// evaluated instead, so its download, compile and boot overlap PyScript's, and a repeat visit
// restores Python from the start-up memory snapshot (web/snapshot.mjs) instead of starting it.
// When PyScript asks, it gets the interpreter with its output handlers attached, and the
// packages pyscript.toml lists installed: by micropip on a fresh start; a restored Python has
// them installed already (the snapshot keeps the files micropip wrote, web/snapshot-files.mjs).
//
// This worker also tells the page, by plain messages beside PyScript's own, how far the start
// has come (for the loading bar, and the moments `make bench` reports), which path it took and
// what failed: {pnd: 'stage', name, value, at}, {pnd: 'boot', how, wasm}, {pnd: 'failed', message}.
import { runtime } from './vendor/runtime.mjs';
import * as pyodide from './vendor/pyodide-loader.mjs';
import { forgetSnapshot, storedSnapshot } from './snapshot.mjs';
import { refDeserializer } from './snapshot-refs.mjs';
import { keepPyScriptStoresInMemory } from './engine/pyscript-storage.mjs';
import { takeWasmFromPage } from './pyodide-wasm.mjs';
import { writeKeptFiles } from './snapshot-files.mjs';

keepPyScriptStoresInMemory(); // PyScript's package cache opens as the interpreter starts

const indexURL = new URL(`./vendor/${runtime.pyodide}`, import.meta.url).href;
// Pyodide's standard library in two archives (tools/split_stdlib.mjs): Python boots from the
// start archive, what a start imports, compiled (Pyodide's own archive is source only, and
// compiling it was two thirds of a bare start); the rest is mounted by py/stdlib_rest.py the
// first time one of its modules is imported, which no start does.
const stdlibFolder = new URL(`./vendor/${runtime.stdlib}`, import.meta.url).href;
const stdLibURL = `${stdlibFolder}start.zip`; // Pyodide's option's name
const tell = (message) => postMessage({ pnd: message[0], ...message[1] });
/** A stage reached: its name, the share of the start done, and when (on the shared clock). */
const stage = (name, value) => tell(['stage', { name, value, at: performance.timeOrigin + performance.now() }]);

// A runtime file that fails to download never reaches PyScript: Pyodide's wasm loader catches
// the failure, logs "wasm instantiation failed!" with console.warn and leaves loadPyodide
// pending for ever (docs/startup.md, upstream report), and other downloads surface only as a
// rejected promise deep inside its start-up. Both are told to the page, which says so.
const failed = (reason) => tell(['failed', { message: String((reason && reason.message) || reason || '') }]);
addEventListener('unhandledrejection', (e) => failed(e.reason));
addEventListener('error', (e) => failed(e.message));
const warn = console.warn;
console.warn = (...args) => {
  warn(...args);
  if (args[0] === 'wasm instantiation failed!') failed('could not download Python (pyodide.asm.wasm). Check your connection and reload.');
};

// PyScript announces its own steps in this worker; the one after micropip has installed the
// engine wheel marks a stage of ours (`make bench` splits PyScript's share of the start by it).
addEventListener('py:progress', ({ detail }) => { if (detail === 'Loaded Pyodide') stage('installed', 0.8); });

export const { version } = pyodide;

// Pyodide's two halves: its JavaScript (pyodide.asm.mjs, 1.2 MB) is imported from now on, while
// the snapshot is read, and loadPyodide takes it as `createPyodideModule`; its WebAssembly,
// compiled by the page from the moment it started the engine, is asked for now and taken when
// loadPyodide instantiates it (web/pyodide-wasm.mjs).
const tookPagesWasm = takeWasmFromPage(`${indexURL}pyodide.asm.wasm`);
const asm = import(`${indexURL}pyodide.asm.mjs`);
asm.catch(() => {}); // loadPyodide reports a failed download
const createPyodideModule = async (settings) => (await asm).default(settings);

const booting = boot(); // {py, installed: the file names of the wheels it has installed}
booting.catch(() => {}); // PyScript reports the failure when it awaits this

async function boot() {
  stage('interpreter', 0.1);
  const stored = await storedSnapshot();
  let py = null;
  let how = null;
  let installed = [];
  if (stored) {
    try {
      // micropip is imported in the snapshot: the JavaScript objects it holds are named there
      // and are the restored Pyodide's here (web/snapshot-refs.mjs)
      let restored = null;
      py = await pyodide.loadPyodide({ indexURL, stdLibURL, createPyodideModule,
        _loadSnapshot: stored.bytes, _snapshotDeserializer: refDeserializer(() => restored) });
      restored = py;
      installed = writeKeptFiles(py);
      // The snapshot froze the random module's state: every visit would draw the same numbers.
      py.runPython('import random; random.seed()');
      how = 'snapshot';
    } catch (err) {
      // made by other files (Pyodide checks its build id), or damaged: start as usual
      console.warn('Starting Python afresh: the stored start-up snapshot did not restore.', err);
      await forgetSnapshot();
    }
  }
  if (!py) {
    // PyScript's own Python package compiled (tools/compile_pyscript.mjs): a restored Python
    // has it kept with the engine's files (web/snapshot-files.mjs)
    const pyscriptBytecode = fetch(`${stdlibFolder}pyscript-bytecode.zip`)
      .then((res) => (res.ok ? res.arrayBuffer() : null), () => null);
    py = await pyodide.loadPyodide({ indexURL, stdLibURL, createPyodideModule });
    how = 'fresh'; // the page stores a snapshot for the next visit once the engine is ready
    placePyScriptBytecode(py, await pyscriptBytecode);
  }
  mountRestWhenImported(py);
  tell(['boot', { how, wasm: tookPagesWasm() ? 'ahead' : 'pyodide' }]);
  stage('python', 0.5);
  // micropip installs the engine wheel when PyScript asks for the interpreter (below). After a
  // fresh start it comes from the vendored Pyodide's lock file, loaded here; a restored Python
  // has every module of it imported (tools/snapshot.mjs) and never reads its files, so Pyodide
  // is only told it is loaded (docs/startup.md, problem 9).
  if (how === 'snapshot') py.loadedPackages.micropip = 'default channel';
  else await py.loadPackage('micropip', { messageCallback: () => {} });
  stage('micropip', 0.6);
  return { py, installed };
}

/** The rest of the standard library, for py/stdlib_rest.py: downloaded when a module of it is
 * first imported. Imports are synchronous, and so is this download (allowed in a worker); the
 * service worker has it precached after a first visit. */
function mountRestWhenImported(py) {
  const load = (path) => {
    const request = new XMLHttpRequest();
    request.open('GET', `${stdlibFolder}rest.zip`, false);
    request.responseType = 'arraybuffer';
    request.send();
    if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
    py.FS.writeFile(path, new Uint8Array(request.response));
  };
  const rest = py.pyimport('stdlib_rest');
  try {
    rest.install(load);
  } finally {
    rest.destroy();
  }
}

/** PyScript writes its Python package into the working directory at every start and imports
 * it: its bytecode (`bytes`, the archive), put where Python caches it beside those sources, is
 * imported instead of compiling them (35-60 ms). Python checks it against each source and
 * compiles any that differs; without it (not downloaded), it compiles them all as before. */
function placePyScriptBytecode(py, bytes) {
  try {
    if (bytes) py.unpackArchive(bytes, 'zip', { extractDir: py.FS.cwd() });
  } catch (err) {
    console.warn('PyScript\'s package will be compiled: its bytecode could not be unpacked.', err);
  }
}

/** What PyScript calls, with the packages pyscript.toml lists (`packages_cache =
 * "passthrough"`: PyScript hands them over rather than installing them with micropip itself).
 * micropip installs each one a restored Python does not have installed already: all of them
 * after a fresh start, none after a restore of this site's snapshot. */
export async function loadPyodide({ stdout, stderr, packages = [], lockFileContents, lockFileURL } = {}) {
  if (lockFileContents || lockFileURL) {
    throw new Error('web/interpreter.mjs takes no lock file; keep packages_cache = "passthrough" in pyscript.toml.');
  }
  const { py, installed } = await booting;
  if (stdout) py.setStdout({ batched: stdout });
  if (stderr) py.setStderr({ batched: stderr });
  const missing = packages.filter((url) => !installed.includes(url.slice(url.lastIndexOf('/') + 1)));
  if (missing.length) {
    const micropip = py.pyimport('micropip');
    try {
      // by their addresses, on this site; an index is never asked (the engine needs nothing else)
      await micropip.install.callKwargs(missing, { keep_going: true, index_urls: [] });
    } finally {
      micropip.destroy();
    }
  }
  return py;
}
