// The JavaScript objects Python holds in the start-up snapshot, by name: micropip, imported in
// the snapshot (tools/snapshot.mjs), keeps Pyodide's API object, its `loadPackage` and two of
// its internal functions. A memory snapshot cannot hold JavaScript objects, so Pyodide asks
// the snapshot's maker to name each one (`makeMemorySnapshot({serializer})`) and the page that
// restores it for the object of that name (`loadPyodide({_snapshotDeserializer})`), before the
// restored Pyodide exists: the page gets stand-ins that reach the restored API once it does
// (micropip calls nothing until PyScript installs the engine with it). docs/startup.md.
const PUBLIC = ['loadPackage'];
const INTERNAL = ['install', 'loadBinaryFile'];

/** For tools/snapshot.mjs: each JavaScript object Python holds in `py`, by name. */
export function refSerializer(py) {
  return (obj) => {
    if (obj === py) return { api: '' };
    for (const name of PUBLIC) if (obj === py[name]) return { api: name };
    for (const name of INTERNAL) if (obj === py._api[name]) return { internal: name };
    throw new Error(`the start-up snapshot cannot hold this JavaScript object: ${obj?.name || typeof obj}`);
  };
}

/** For web/interpreter.mjs: the object of each name, as a stand-in for `restored()`'s, which
 * is the restored Pyodide once loadPyodide has returned it. */
export function refDeserializer(restored) {
  return ({ api, internal }) => {
    if (api === '') {
      return new Proxy({}, {
        get: (_, key) => restored()[key],
        has: (_, key) => key in restored(),
        ownKeys: () => Reflect.ownKeys(restored()),
        getOwnPropertyDescriptor: (_, key) => {
          const found = Reflect.getOwnPropertyDescriptor(restored(), key);
          return found && { ...found, configurable: true };
        },
      });
    }
    if (PUBLIC.includes(api)) return (...args) => restored()[api](...args);
    if (INTERNAL.includes(internal)) return (...args) => restored()._api[internal](...args);
    throw new Error(`the start-up snapshot names an object this page does not know: ${JSON.stringify({ api, internal })}`);
  };
}
