"""Serve the site as a static host would, optionally under a sub-path.

    python3 tools/serve.py [--port 8000] [--root .] [--prefix /pipes-and-ducks/]

GitHub Pages serves a project site under /REPO/; ``--prefix`` reproduces that so the
tests prove the page uses only relative URLs. Only loopback is bound.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".json": "application/json",
         ".toml": "text/plain", ".zip": "application/zip", ".svg": "image/svg+xml"}


# tools/build.py names each folder of the runtime, PyScript, the stdlib and the engine NAME-HASH,
# and each bundle of the site's own modules NAME.HASH.js (tools/bundle.mjs): the one statement of
# that shape, which tools/build.py also hands the service worker's build (tools/sw.mjs)
HASHED_PATH = r"web/(?:vendor/[a-z]+-[0-9a-f]{16}/|[\w-]+\.[0-9a-f]{16}\.js$)"
HASHED = re.compile("/" + HASHED_PATH)


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    # Connections kept open between requests, as every real host keeps them (GitHub Pages
    # speaks HTTP/2): over HTTP/1.0 each of the page's ~60 files paid for a connection of its
    # own, six at a time, which no visitor's browser pays.
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def copyfile(self, source, outputfile) -> None:
        sent = 0
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            sent += len(chunk)
        if self.server.on_sent:          # `make bench` counts the bytes a page downloads
            self.server.on_sent(self.path, sent)

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_header(self, keyword: str, value: str) -> None:
        # HTTP dates have whole seconds: a file changed within the second it is sent could change
        # again in that second (a test's second version of a page), and a browser holding that
        # date would be answered 304 and keep the first. Such a file goes without the date.
        if keyword == "Last-Modified" and self._changed_this_second():
            return
        super().send_header(keyword, value)

    def _changed_this_second(self) -> bool:
        try:
            return int(os.stat(self.translate_path(self.path)).st_mtime) >= int(time.time())
        except OSError:
            return False

    def end_headers(self) -> None:
        # A built site's content-hashed folders and bundles (tools/build.py) never change at an
        # address: a browser keeps them without asking again, as it may on GitHub Pages (which
        # lets it keep every file for ten minutes). Everything else is revalidated every time:
        # a dev server must never serve a stale page or engine.
        immutable = HASHED.search(urlsplit(self.path).path)
        self.send_header("Cache-Control", "max-age=31536000, immutable" if immutable else "no-cache")
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:
        if self.server.verbose:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        # A page that went away mid-download (a reload, a test's next page) closed its
        # connection: routine for a browser, so no traceback for it (BrokenPipe, reset).
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(root: str, port: int, prefix: str = "/", verbose: bool = False, on_sent=None):
    """A threaded static server on loopback; ``on_sent(path, nbytes)`` is called after each
    file body is sent (the benchmarks count bytes with it)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(type("H", (Handler,), {"prefix": prefix}), directory=root)
    server = Server(("127.0.0.1", port), handler)
    server.verbose = verbose
    server.on_sent = on_sent
    server.daemon_threads = True
    server.prefix = prefix
    return server


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--prefix", default="/")
    args = ap.parse_args(argv)
    server = make_server(args.root, args.port, args.prefix, verbose=True)
    host, port = server.server_address[:2]
    print(f"Serving Pipes & Ducks at http://localhost:{port}{server.prefix}"
          "  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
