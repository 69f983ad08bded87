"""How soon a move shows on the other screens of the web table (issue 21).

Runs ``referee serve`` as players would (its own process, localhost, port 0),
opens every seat and the table screen in the system chromium (Playwright,
phone-sized), plays scripted games by sending each move to the mover's
``/command`` door, and records, in each page, the moment its screen shows
the new version (a MutationObserver on the page's ``data-version``, with the
browser's clock, which is the machine's). A sample is the time from just
before the command is sent to one other screen showing its result; the
mover's own screen is not counted. Prints median and p95 per game and over
all, as a Markdown table for ``benchmarks/RESULTS.md``.

    .venv/bin/python benchmarks/web_latency.py [--games 3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from webtable import CHROMIUM_ARGS, next_move  # noqa: E402

# Injected by the browser itself, before the page's own script: the page's CSP allows
# no eval, and the measurement must not change the page.
OBSERVER = """
window.__shown = {};
new MutationObserver(() => {
  const app = document.getElementById("app");
  if (app && app.dataset.version && !(app.dataset.version in window.__shown))
    window.__shown[app.dataset.version] = performance.timeOrigin + performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-version"]});
"""
SETUPS = {
    "cogito": lambda seed: ["--players", "ann,bob,cat", "--seed", str(seed)],
    "invicta": lambda seed: ["--white", "ann", "--black", "bob"],
}


def get(url: str) -> dict:
    with urllib.request.urlopen(url) as r:
        return json.loads(r.read())


def post(url: str, line: str) -> dict:
    request = urllib.request.Request(url + "/command", data=line.encode(), method="POST")
    with urllib.request.urlopen(request) as r:
        return json.loads(r.read())


class Remote:
    """``view_of`` for :func:`next_move` over HTTP."""

    def __init__(self, seats: dict[str, str]) -> None:
        self.seats = seats
        self.players = tuple(seats)

    def __call__(self, seat: str) -> dict:
        return get(self.seats[seat] + "/view")


def play(browser, game: str, seed: int, workdir: Path, max_moves: int = 60) -> list[float]:
    record = workdir / f"{game}-{seed}.json"
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/referee"), "serve", game, *SETUPS[game](seed)]
        + ["--record", str(record), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        urls = json.loads(server.stdout.readline())
        for _ in range(100):
            try:
                get(urls["spectator"] + "/view")
                break
            except OSError:
                time.sleep(0.05)
        pages = {}
        for name, url in [*urls["seats"].items(), ("(table)", urls["table"])]:
            phone = name != "(table)"
            viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
            page = browser.new_page(viewport=viewport)
            page.add_init_script(OBSERVER)
            page.goto(url)
            page.wait_for_selector("#app[data-version]")
            pages[name] = page
        remote = Remote(urls["seats"])
        sent: list[tuple[str, int, float]] = []  # (mover, version, time sent in ms)
        for _ in range(max_moves):
            move = next_move(game, remote)
            if move is None:
                break
            seat, command = move
            t0 = time.time() * 1000
            answer = post(urls["seats"][seat], command)
            if not answer["ok"]:
                raise SystemExit(f"{command!r} refused: {answer['messages']}")
            version = get(urls["spectator"] + "/view")["version"]
            for page in pages.values():
                page.locator(f'#app[data-version="{version}"]').wait_for(timeout=10_000)
            sent.append((seat, version, t0))
        samples = []
        for name, page in pages.items():
            shown = page.evaluate("() => window.__shown")
            for mover, version, t0 in sent:
                if name != mover and str(version) in shown:
                    samples.append(shown[str(version)] - t0)
            page.close()
        return samples
    finally:
        server.terminate()
        server.wait(10)


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each kind (seeds 1..N)")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("needs the system chromium (apt-get install chromium)")
    results: dict[str, list[float]] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for game in SETUPS:
            for seed in range(1, args.games + 1):
                results.setdefault(game, []).extend(play(browser, game, seed, Path(tmp)))
        browser.close()
    rows = [(g, xs) for g, xs in results.items()] + [("all", sum(results.values(), []))]
    print("| game | samples | median ms | p95 ms | max ms |")
    print("| --- | --- | --- | --- | --- |")
    for name, xs in rows:
        print(
            f"| {name} | {len(xs)} | {statistics.median(xs):.1f} | {p95(xs):.1f} | {max(xs):.1f} |"
        )


if __name__ == "__main__":
    main()
