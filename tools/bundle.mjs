// Bundle a built site's own modules into content-hashed files (Rollup), run by tools/build.py:
//   node tools/bundle.mjs DIST '{"page": ["web/engine.js", ...], "worker": ["web/interpreter.mjs"]}'
//
// Why: unbundled, a return visit asked the server about each of the page's ~60 modules and the
// worker's 7 (every file outside a content-hashed folder is revalidated), and the shell's 48
// modules, each fetched, parsed and linked on the main thread, held back PyScript's start of
// the engine's worker (docs/startup.md). Bundled, the page loads a few files and the worker
// one, each named by its content's hash, which a browser keeps without asking again.
//
// Two builds: the page's entries together (shared code in shared chunks, each module once per
// page; lazily imported modules in chunks of their own, so an embed still loads nothing of the
// engine's until Play), and the worker's entry alone (one file: the worker's realm shares
// nothing with the page's). Every output lands at DIST/web/ itself, where the top-level modules
// were: their addresses relative to `import.meta.url` keep meaning what they meant; those of
// modules from subfolders are rewritten to match (movedToWeb). The runtime's content-hashed
// folders and the vendored libraries stay separate files (external). Prints
// {"entries": {source: {"file": bundle, "imports": [static imports, transitively]}},
//  "bundled": [every source module now inside a bundle]} (paths relative to DIST).
import path from 'node:path';
import { rollup } from 'rollup';

const [dist, specText] = process.argv.slice(2);
const spec = JSON.parse(specText);
const site = path.resolve(dist);
const web = path.join(site, 'web');
const posix = (p) => p.split(path.sep).join('/');
const fromSite = (p) => posix(path.relative(site, p));

/** Files in web/vendor/'s subfolders (Pyodide, PyScript, PeerJS, the QR code library) are
 * loaded as they are; the build's own small files at web/vendor/'s top (runtime.mjs,
 * snapshot.mjs, pyodide-loader.mjs: which folder is which) are bundled with their importers. */
function external(id, importer) {
  const file = importer && id.startsWith('.') ? path.resolve(path.dirname(importer), id) : id;
  return file.startsWith(`${web}/vendor/`) && path.dirname(file) !== path.join(web, 'vendor');
}

const URL_LITERAL = /new URL\((['"])([^'"]+)\1,\s*import\.meta\.url\)/g;

/** Modules move to web/ when bundled: an address a module makes relative to itself
 * (`new URL('../styles/x.css', import.meta.url)`) is rewritten to mean the same file from
 * web/, and in the page's bundles one naming another of our modules (a worker's script) is
 * bundled too and names that bundle. An address computed at run time can be kept only in a
 * module already at web/'s top, and a build that meets one elsewhere stops and says where. */
function movedToWeb({ workers }) {
  return {
    name: 'moved-to-web',
    transform(code, id) {
      const here = path.dirname(id);
      const moved = code.replace(URL_LITERAL, (whole, quote, address) => {
        const target = path.resolve(here, address);
        if (workers && /\.m?js$/.test(address) && target.startsWith(web)) {
          return `new URL(import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'chunk', id: target })})`;
        }
        if (here === web) return whole;
        let rel = posix(path.relative(web, target)) + (address.endsWith('/') ? '/' : '');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return `new URL('${rel}', import.meta.url)`;
      });
      const left = moved.replace(URL_LITERAL, '').replace(/import\.meta\.ROLLUP_FILE_URL_\w+/g, '');
      if (here !== web && left.includes('import.meta')) {
        this.error(`${fromSite(id)} uses import.meta in a way a bundle cannot keep: write the address as new URL('…', import.meta.url)`);
      }
      return moved === code ? null : { code: moved, map: null };
    },
    resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string' && path.dirname(importer) !== web) {
        this.error(`${fromSite(importer)} imports a module by a path computed at run time, which cannot be bundled: name the module (as web/games/screens.js does)`);
      }
      return null;
    },
  };
}

async function bundle(entries, { workers }) {
  const input = Object.fromEntries(entries.map((e) => [path.basename(e).replace(/\.m?js$/, ''), path.join(site, e)]));
  const build = await rollup({
    input,
    external,
    plugins: [movedToWeb({ workers })],
    // An entry's bundle may export more than its module did (what its importers share with it)
    // rather than being a one-line file in front of a shared chunk: one fetch less.
    preserveEntrySignatures: 'allow-extension',
    // An unresolved import or a circular re-export would be a broken page: stop the build.
    onwarn(warning) {
      throw new Error(`rollup: ${warning.message}`);
    },
  });
  const { output } = await build.write({
    dir: web,
    format: 'es',
    entryFileNames: '[name].[hash:16].js',
    chunkFileNames: '[name].[hash:16].js',
    hashCharacters: 'hex',
  });
  await build.close();
  return output.filter((o) => o.type === 'chunk');
}

const result = { entries: {}, bundled: new Set() };
// The page starts workers of its own (the snapshot's); the engine's worker starts none, and
// its bundle leaves such an address as it is (a top-level module's, still right).
for (const [entries, workers] of [[spec.page, true], [spec.worker, false]]) {
  const chunks = await bundle(entries, { workers });
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (chunk, seen = new Set()) => {
    for (const name of chunk.imports) {
      if (!seen.has(name) && byFile.has(name)) {
        seen.add(name);
        closure(byFile.get(name), seen);
      }
    }
    return seen;
  };
  for (const chunk of chunks) {
    for (const id of Object.keys(chunk.modules)) result.bundled.add(fromSite(id));
    if (chunk.isEntry) {
      result.entries[fromSite(chunk.facadeModuleId)] = {
        file: `web/${chunk.fileName}`,
        imports: [...closure(chunk)].map((name) => `web/${name}`),
      };
    }
  }
}
console.log(JSON.stringify({ entries: result.entries, bundled: [...result.bundled].sort() }));
