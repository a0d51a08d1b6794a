"""Patch the vendored PyScript so the pages need no 'unsafe-eval' (docs/startup.md, problem 2)
and start its worker from a file rather than a Blob (problem 12).

    python3 tools/patch_pyscript.py web/vendor/pyscript

PyScript 0.7.31 (polyscript 0.20.20) sends its worker's JavaScript hooks to the worker as
source text: the page composes them with `Function()` (hooks.js `createFunction`) and the
worker rebuilds them with `Function()` (polyscript's `createFunction`). The only such hook on
this site is PyScript's own, which registers the `_pyscript` module (storage constants and
the interpreter) before the worker's code runs. This patch moves that registration into the
worker's own code, next to where the worker registers `polyscript`, and makes both
`createFunction`s refuse instead of evaluating: a hook given as text would need
'unsafe-eval', so it now fails with a sentence rather than silently asking for it.

Each edit matches the bundle's text exactly once or the vendoring step stops: a PyScript
upgrade that changes any of it has to be looked at again, not patched blindly. tools/vendor.py
runs this after copying the bundle; tests/test_page_csp.py checks the vendored copy carries
the patch.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

MARK = "/*pipes-and-ducks: patched by tools/patch_pyscript.py*/"
REFUSAL = ("throw new Error(\"PyScript worker hooks given as JavaScript need 'unsafe-eval'; "
           "this site's PyScript carries none (tools/patch_pyscript.py)\")")
PYSCRIPT_MODULE = ('{fs:{ERROR:"storage permissions not granted",NAMESPACE:"@pyscript.fs"},'
                   'interpreter:e}')

# (what it does, the bundle's text, its replacement)
EDITS = [
    ("the page no longer sends the worker PyScript's `_pyscript` hook as text",
     'onBeforeRunAsync:new So([({interpreter:e})=>{e.registerJsModule("_pyscript",'
     + PYSCRIPT_MODULE + ')}])',
     "onBeforeRunAsync:new So"),
    ("the page composes no worker hook with Function()",
     "return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()",
     REFUSAL),
    # inside the worker's source, a single-quoted string: its quotes are escaped there
    ("the worker rebuilds no hook with Function()",
     "It=e=>Function(`\\'use strict\\';return (${e})`)()",
     "It=e=>{" + REFUSAL.replace("'", "\\'") + "}"),
    ("the worker registers `_pyscript` itself, before anything of the page's runs",
     'w.registerJSModule(y,"polyscript",{',
     'y.registerJsModule("_pyscript",' + PYSCRIPT_MODULE.replace("interpreter:e", "interpreter:y")
     + '),w.registerJSModule(y,"polyscript",{'),
]


def patch(text: str) -> str:
    for what, old, new in EDITS:
        found = text.count(old)
        if found != 1:
            sys.exit(f"tools/patch_pyscript.py: expected PyScript's bundle to contain, once, the "
                     f"text for '{what}', found it {found} times: PyScript changed; look at the "
                     f"patch again (docs/startup.md).")
        text = text.replace(old, new)
    return MARK + text


# PyScript's page side makes its worker from a Blob of source text it carries (as a JavaScript
# string, with `import("./chunk.js")` made absolute from the core's own address on the way);
# the worker is started from that source as a file in PyScript's folder instead, where its
# chunks' relative addresses mean the same: no `blob:` in the pages' worker-src, and a script
# the browser keeps compiled between visits (docs/startup.md, problem 12).
WORKER = "worker.js"
BLOB_START = 'URL.createObjectURL(new Blob(["/*@*/"+\''
BLOB_END = '\'.replace(Wr,Hr)],{type:"text/javascript"}))'


def split_worker(text: str) -> tuple[str, str]:
    """(the core bundle starting its worker from WORKER, WORKER's source)."""
    if text.count(BLOB_START) != 1 or text.count(BLOB_END) != 1:
        sys.exit("tools/patch_pyscript.py: expected PyScript's bundle to make its worker once "
                 "from a Blob of its source text: PyScript changed; look at the patch again "
                 "(docs/startup.md).")
    start = text.index(BLOB_START)
    end = text.index(BLOB_END, start)
    literal = text[start + len(BLOB_START) - 1:end + 1]   # the quoted string, quotes included
    return (text[:start] + f'new URL("./{WORKER}",import.meta.url)' + text[end + len(BLOB_END):],
            "/*@*/" + js_string(literal))


def js_string(literal: str) -> str:
    """The text a JavaScript string literal stands for, as Node reads it (the vendored bundle's,
    at vendoring time: every escape JavaScript has, read by JavaScript)."""
    read = ("let s = ''; process.stdin.on('data', (d) => { s += d; })"
            ".on('end', () => process.stdout.write(new Function(`return ${s}`)()));")
    return subprocess.run(["node", "-e", read], input=literal, capture_output=True, text=True,
                          check=True).stdout


def core_bundle(folder: Path) -> Path:
    """PyScript's core bundle in ``folder``, patched or not."""
    bundles = [p for p in folder.glob("core-*.js")
               if (text := p.read_text()).startswith(MARK) or BLOB_START in text]
    if len(bundles) != 1:
        sys.exit(f"tools/patch_pyscript.py: expected one PyScript core bundle in {folder}, "
                 f"found {len(bundles)}")
    return bundles[0]


def main(folder: Path) -> None:
    bundle = core_bundle(folder)
    text = bundle.read_text()
    if not text.startswith(MARK):
        core, worker = split_worker(patch(text))
        bundle.write_text(core)
        (folder / WORKER).write_text(worker)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
