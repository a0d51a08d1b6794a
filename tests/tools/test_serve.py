"""The local server (tools/serve.py, used by `make play` and every browser test) never answers
a file rewritten within the same second as "not modified"."""
from __future__ import annotations

import os
import sys
import threading
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from serve import make_server  # noqa: E402


def _get(url: str, since: str | None = None) -> tuple[int, bytes, str]:
    req = urllib.request.Request(url, headers={"If-Modified-Since": since} if since else {})
    try:
        with urllib.request.urlopen(req) as res:
            return res.status, res.read(), res.headers["Last-Modified"]
    except urllib.error.HTTPError as e:     # 304 comes as an error from urllib
        return e.code, b"", e.headers["Last-Modified"]


def test_a_file_rewritten_in_the_same_second_is_sent_again(tmp_path):
    """HTTP dates have whole seconds: a page rewritten in the second it was first served
    (a test's second version of a blog page) was answered 304 and the browser kept the first."""
    page = tmp_path / "index.html"
    server = make_server(str(tmp_path), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    try:
        page.write_text("first")
        status, body, modified = _get(url)
        assert (status, body) == (200, b"first")
        page.write_text("second")
        status, body, _ = _get(url, since=modified)
        assert (status, body) == (200, b"second")
    finally:
        server.shutdown()


def test_an_unchanged_older_file_is_still_not_modified(tmp_path):
    page = tmp_path / "index.html"
    page.write_text("same")
    old = page.stat().st_mtime - 60
    os.utime(page, (old, old))
    server = make_server(str(tmp_path), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    try:
        _, _, modified = _get(url)
        assert _get(url, since=modified)[0] == 304
    finally:
        server.shutdown()


def _cache_control(url: str) -> str:
    with urllib.request.urlopen(url) as res:
        return res.headers["Cache-Control"]


def test_only_content_hashed_folders_and_bundles_are_kept_without_asking(tmp_path):
    """A built site's web/vendor/NAME-HASH/ folders and web/NAME.HASH.js bundles never change at
    an address (tools/build.py): a browser may keep them; every other file is revalidated on
    every load (never stale)."""
    hashed = tmp_path / "web" / "vendor" / "pyodide-0123456789abcdef"
    hashed.mkdir(parents=True)
    (hashed / "pyodide.mjs").write_text("x")
    (tmp_path / "web" / "vendor" / "pyodide").mkdir()
    (tmp_path / "web" / "vendor" / "pyodide" / "pyodide.mjs").write_text("x")   # a checkout's, not hashed
    (tmp_path / "web" / "app.0123456789abcdef.js").write_text("x")    # a bundle
    (tmp_path / "web" / "app.js").write_text("x")                     # a module as it is
    (tmp_path / "index.html").write_text("page")
    server = make_server(str(tmp_path), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        assert _cache_control(base + "web/vendor/pyodide-0123456789abcdef/pyodide.mjs") == "max-age=31536000, immutable"
        assert _cache_control(base + "web/vendor/pyodide/pyodide.mjs") == "no-cache"
        assert _cache_control(base + "web/app.0123456789abcdef.js") == "max-age=31536000, immutable"
        assert _cache_control(base + "web/app.js") == "no-cache"
        assert _cache_control(base + "index.html") == "no-cache"
    finally:
        server.shutdown()


def test_connections_are_kept_open_between_requests(tmp_path):
    """HTTP/1.1: the page's ~60 files share a browser's few connections, as on a real host."""
    import http.client
    (tmp_path / "a.txt").write_text("a")
    (tmp_path / "b.txt").write_text("b")
    server = make_server(str(tmp_path), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
        conn.request("GET", "/a.txt")
        first = conn.getresponse()
        assert (first.version, first.read()) == (11, b"a")
        sock = conn.sock
        conn.request("GET", "/b.txt")
        assert conn.getresponse().read() == b"b" and conn.sock is sock   # the same connection
        conn.close()
    finally:
        server.shutdown()
