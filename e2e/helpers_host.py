"""A blog on another origin that embeds a game: its page, its server, and what it heard.

Embed tests all need the same host page (an iframe of embed.html plus a listener that keeps
every documented postMessage event in `window.events`), so it is written once here."""
from __future__ import annotations

from pathlib import Path

from helpers_browser import serve_folder

BLOG = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title></head>
<body style="margin:0;font-family:serif">
<main style="width:{width}px"><h1>My blog post</h1><p>Play along:</p>
<iframe id="game" src="{src}"{sandbox} title="Pipes &amp; Ducks" width="100%" height="680" style="border:0"></iframe>
</main>
<script>
  window.events = [];
  window.addEventListener('message', (e) => {{
    if (e.data && e.data.source === 'pipes-and-ducks') window.events.push({{origin: e.origin, ...e.data}});
  }});
</script></body></html>"""


def write_blog(folder: Path, src: str, width: int = 760, sandbox: str | None = None) -> None:
    """(Re)write the blog's page so that it embeds `src` (in a frame with that `sandbox`)."""
    attr = f' sandbox="{sandbox}"' if sandbox is not None else ""
    (folder / "index.html").write_text(BLOG.format(width=width, src=src, sandbox=attr))


def serve_blog(folder: Path, src: str, width: int = 760, cross_site: bool = False, sandbox: str | None = None):
    """Serve a blog embedding `src` from `folder` -> (server, url). The blog is always another
    origin than the site (another port); `cross_site` also makes it another site (127.0.0.1
    against the site's localhost), which is what browsers' third-party storage rules look at."""
    write_blog(folder, src, width, sandbox)
    server, url = serve_folder(folder, "/")
    if cross_site:
        url = url.replace("//localhost:", "//127.0.0.1:")
    return server, url


def wait_embed_ready(page, timeout: int = 90_000) -> None:
    page.wait_for_function("() => window.events.some(e => e.type === 'ready')", timeout=timeout)
