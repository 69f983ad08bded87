"""The screenshots of the web table in docs/web.md: every game mid-game, at a phone's two
orientations (390 × 844, 844 × 390), the laptop's table screen (1280 × 800) and a TV
(1920 × 1080), in Debian's chromium. Each page is also measured: it must not scroll
sideways, and the table screen must fit its height (printed; the tests assert the same).

    .venv/bin/python benchmarks/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from playwright.sync_api import sync_playwright  # noqa: E402
from test_web_browser import Served  # noqa: E402
from webtable import CHROMIUM_ARGS, Views, next_move  # noqa: E402

SIZES = {
    "phone": (390, 844),
    "phone-landscape": (844, 390),
    "table": (1280, 800),
    "tv": (1920, 1080),
}
MOVES = {"palmer": 4, "ergo": 5, "invicta": 6, "cogito": 4}  # a few moves in: mid-game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        for game, moves in MOVES.items():
            served = Served(
                Path(tempfile.mkdtemp()),
                game,
                **({"house": ("hints=yes",)} if game == "palmer" else {}),
            )
            views = Views(served.app)
            for _ in range(moves):
                move = next_move(game, views)
                if move is None:
                    break
                served.app.table.command(*move)
            seat = served.app.table.players[0]
            for size, (w, h) in SIZES.items():
                url = (
                    served.urls["table"] if size in ("table", "tv") else served.urls["seats"][seat]
                )
                page = browser.new_page(
                    viewport={"width": w, "height": h}, is_mobile=w < 900, has_touch=w < 900
                )
                page.goto(url)
                page.wait_for_selector("#app[data-version]")
                page.wait_for_timeout(300)
                sx, sy = page.evaluate(
                    "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
                )
                name = f"web-{game}-{size}.png"
                page.screenshot(path=str(args.out / name))
                sideways, taller = "yes" if sx > w else "no ", "yes" if sy > h else "no"
                print(f"{name:32} {w}x{h}  sideways {sideways}  taller {taller}")
                page.close()
            served.stop()
        browser.close()


if __name__ == "__main__":
    main()
