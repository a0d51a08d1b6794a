"""Render the app icons (PNG) from web/icons/icon.svg with headless Chromium.

    python3 tools/icons.py

Writes web/icons/icon-192.png, icon-512.png and icon-maskable-512.png (the artwork inside
the 80 % safe zone on the brand colour, so launchers may crop it to any shape). The PNGs are
small and committed; rerun this only when the SVG changes.
"""
from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

from chromium_exe import desktop_chromium

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "web" / "icons"
BRAND = "#0d3b4f"


def page_html(svg: str, size: int, maskable: bool) -> str:
    data = base64.b64encode(svg.encode()).decode()
    inner = round(size * 0.72) if maskable else size
    return f"""<!doctype html><html><body style="margin:0;background:transparent">
    <div style="width:{size}px;height:{size}px;display:grid;place-items:center;
                background:{BRAND if maskable else 'transparent'}">
      <img src="data:image/svg+xml;base64,{data}" width="{inner}" height="{inner}">
    </div></body></html>"""


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    exe = desktop_chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                     ("icon-maskable-512.png", 512, True)]:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(page_html(svg, size, maskable))
            page.screenshot(path=str(ICONS / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"wrote web/icons/{name}")
        browser.close()


if __name__ == "__main__":
    main()
