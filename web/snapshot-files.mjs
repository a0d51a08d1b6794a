// The files the start-up snapshot's Python had, written back after a restore: those micropip
// wrote when it installed the engine, and the bytecode of PyScript's own package. A memory
// snapshot holds no files, so tools/snapshot.mjs keeps them in the snapshot's memory
// (py/snapshot_files.py); here they go back where they were, through Pyodide's file system from
// JavaScript: a few milliseconds, where Python writing the engine's ninety-odd files (micropip
// installing the wheel again) took about 50 ms of a repeat visit, and unpacking the bytecode's
// archive 20-40 ms under Node (docs/startup.md).

/** Write back the files the restored Python kept; the names of the wheels whose install they are. */
export function writeKeptFiles(py) {
  const module = py.pyimport('snapshot_files');
  const kept = module.take();
  module.destroy();
  let wheels;
  let files;
  try {
    [wheels, files] = kept.toJs({ dict_converter: Array.from }); // files: [path, bytes] pairs
  } finally {
    kept.destroy();
  }
  writeFiles(py, files);
  return wheels;
}

/** Write `files` ([absolute path, bytes] pairs, or a Map of them) into `py`'s file system,
 * making their folders (tools/snapshot.mjs writes micropip's install into the snapshot's Python
 * with it too). */
export function writeFiles(py, files) {
  const folders = new Set();
  for (const [path, bytes] of files) {
    const folder = path.slice(0, path.lastIndexOf('/'));
    if (!folders.has(folder)) py.FS.mkdirTree(folder);
    folders.add(folder);
    py.FS.writeFile(path, bytes);
  }
}
