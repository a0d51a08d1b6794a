// `make bench`: runs tools/bench_search.py in the vendored Pyodide under Node (the interpreter
// the page's engine worker runs), with the engine's sources from py/ and its data from cards/.
// Usage: node tools/bench_search_node.mjs [rounds]   (prints bench_search.py's JSON line)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(root, "web", "vendor");
const dir = fs.readdirSync(vendor).map((d) => path.join(vendor, d))
  .find((d) => path.basename(d).startsWith("pyodide") && fs.existsSync(path.join(d, "pyodide.mjs")));
if (!dir) throw new Error("no vendored Pyodide in web/vendor (run tools/vendor.py)");
const { loadPyodide } = await import(path.join(dir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: dir + "/" });
py.FS.mkdirTree("/project");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/project");
py.runPython("import sys; sys.path.insert(0, '/project/py')");
py.globals.set("CLOCK", () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; });
py.globals.set("ROUNDS", Number(process.argv[2] || 2));
py.runPython(fs.readFileSync(path.join(root, "tools", "bench_search.py"), "utf8"));
