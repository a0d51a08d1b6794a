// PyScript's own IndexedDB stores, kept in memory (docs/startup.md, "PyScript and blocked storage").
//
// PyScript keeps two stores of its own, both opened through @webreflection/idb-map under names
// that start "IDBMap/": on the page, the handles of local folders a person lent to pyscript.fs
// (opened the moment PyScript's core module is imported), and in the engine worker its cache of
// installed packages (opened as the interpreter starts; pyscript.toml sets packages_cache =
// "passthrough", so PyScript clears it and keeps nothing there). The games need neither. Where the browser refuses
// storage (an embedded game in a browser that blocks third-party storage, some private modes)
// opening them throws or fails, and PyScript fails to start with it.
//
// So each of our two realms (the page, web/engine.js; the engine worker, web/interpreter.mjs)
// installs this before PyScript runs: `indexedDB` stays the browser's for every other name, and
// a name PyScript uses opens an in-memory database that can never fail. It implements exactly
// what idb-map uses (open -> success; one object store; count, clear, delete, get, getKey,
// getAllKeys, put), each answering asynchronously as IndexedDB does.

const PYSCRIPT_STORE = /^IDBMap\//;
const databases = new Map(); // name -> Map of object stores, for this realm's lifetime

/** An IDBRequest-like object whose onsuccess fires once the caller has attached it. */
function answer(compute) {
  const request = { result: undefined, error: null, onsuccess: null, onerror: null };
  queueMicrotask(() => {
    request.result = compute();
    request.onsuccess?.call(request, { type: 'success', target: request });
  });
  return request;
}

function objectStore(entries) {
  return {
    count: () => answer(() => entries.size),
    clear: () => answer(() => entries.clear()),
    delete: (key) => answer(() => { entries.delete(key); }),
    get: (key) => answer(() => entries.get(key)),
    getKey: (key) => answer(() => (entries.has(key) ? key : undefined)),
    getAllKeys: () => answer(() => [...entries.keys()]),
    put: (value, key) => answer(() => { entries.set(key, value); return key; }),
  };
}

function database(name) {
  if (!databases.has(name)) databases.set(name, new Map());
  const stores = databases.get(name);
  return {
    name,
    get objectStoreNames() {
      return { length: stores.size, contains: (store) => stores.has(store) };
    },
    createObjectStore(store) {
      stores.set(store, new Map());
    },
    transaction(store) {
      if (!stores.has(store)) stores.set(store, new Map());
      return { objectStore: () => objectStore(stores.get(store)) };
    },
    close() {},
  };
}

function openInMemory(name) {
  const request = answer(() => database(name));
  request.onupgradeneeded = null; // never fired: the object store is made on first use
  return request;
}

/** The browser's IndexedDB, or null where reading it throws (storage blocked). */
function browsers() {
  try {
    return globalThis.indexedDB ?? null;
  } catch {
    return null;
  }
}

let installed = false;

/** Route PyScript's stores to memory in this realm (the page or a worker); once. */
export function keepPyScriptStoresInMemory() {
  if (installed) return;
  installed = true;
  const real = browsers();
  const open = (name, ...rest) => (PYSCRIPT_STORE.test(String(name)) || !real
    ? openInMemory(String(name)) : real.open(name, ...rest));
  const factory = real
    ? new Proxy(real, {
      get(target, key) {
        if (key === 'open') return open;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    })
    : { open };
  Object.defineProperty(globalThis, 'indexedDB', { value: factory, configurable: true, writable: true });
}
