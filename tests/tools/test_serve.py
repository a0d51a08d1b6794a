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
