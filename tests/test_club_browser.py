"""A club night in Debian's chromium (issue 37): two tables opened from the host's page,
phones joining one by its code, a game played and a rematch, the club restarted under
the phones, and a finished game stepped through on the TV."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
from pathlib import Path

import pytest
import served

chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium_path is None:  # pragma: no cover - CI installs chromium
    pytest.skip("no system chromium (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

from test_web_browser import PHONE, screenshot  # noqa: E402
from webtable import CHROMIUM_ARGS  # noqa: E402

LAPTOP = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}
WAIT = 15000


def start(directory: Path, port: int) -> tuple[subprocess.Popen, dict]:
    return served.first_line("club", "--records", str(directory), "--port", str(port))


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0


def page_of(browser, url: str, viewport: dict):
    page = browser.new_page(
        viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE
    )
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    page.goto(url)
    return page


def say(page, line: str) -> None:
    page.fill("#command", line)
    page.locator("form.commandline button").click()


@pytest.mark.slow
def test_a_club_night_from_the_host_page_to_a_replay(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    directory = tmp_path / "club"
    process, urls = start(directory, port)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            host = page_of(browser, urls["host"], LAPTOP)
            host.wait_for_selector("#open-table")
            host.select_option("#game", "palmer")  # players name themselves: 2 seats
            host.click("#open-table")
            host.wait_for_selector(".table-entry[data-code]", timeout=WAIT)
            host.select_option("#game", "invicta")
            host.check("#by-name")
            host.fill("#player-names", "ann,bob")
            host.click("#open-table")
            host.locator("#open-tables .table-entry").nth(1).wait_for(timeout=WAIT)
            screenshot(host, "club-host.png")
            palmer = host.locator(".table-entry", has_text="Palmer").first
            code = palmer.get_attribute("data-code")

            phones = []
            for name in ("ann", "bob"):
                phone = page_of(browser, urls["join"], PHONE)
                phone.fill("#code", code.lower())
                phone.click("#join-form button")
                phone.wait_for_selector("#player-name", timeout=WAIT)
                phone.fill("#player-name", name)
                phone.locator(".naming-form button").click()
                phones.append(phone)
            ann, bob = phones
            for phone in phones:  # the game began once both had names
                phone.wait_for_selector("header .turn", timeout=WAIT)
            say(ann, "pass")
            bob.locator("header .turn.mine").wait_for(timeout=WAIT)
            for phone in (bob, ann):
                say(phone, "end")
            for phone in phones:
                phone.locator(".rematch-ask").click(timeout=WAIT)
            for phone in phones:  # game 2 at the same links
                phone.locator(".rematch-ask").wait_for(state="detached", timeout=WAIT)
            seat_url = ann.url
            view = json.loads(
                ann.evaluate("fetch(location.pathname + '/view').then(r => r.text())")
            )
            assert view["match"] == 2 and not view["finished"]

            stop(process)  # the club restarts under the phones
            ann.locator("#offline").wait_for(state="visible", timeout=WAIT)
            process, again = start(directory, port)
            assert again == urls
            for phone in phones:
                phone.locator("#offline").wait_for(state="hidden", timeout=WAIT)
            assert ann.url == seat_url
            say(ann, "pass")
            bob.locator("header .turn.mine").wait_for(timeout=WAIT)
            say(bob, "pass")
            ann.locator("header .turn.mine").wait_for(timeout=WAIT)
            say(ann, "end")
            bob.locator(".side", has_text="would end the game").wait_for(timeout=WAIT)
            say(bob, "end")
            ann.locator(".rematch-ask").wait_for(timeout=WAIT)

            host.reload()
            replay = host.locator("#finished-games .replay-link").first
            replay.wait_for(timeout=WAIT)
            tv = page_of(browser, replay.get_attribute("href"), TV)
            tv.wait_for_selector(".replay", timeout=WAIT)
            steps = tv.inner_text(".replay .step-count")
            tv.keyboard.press("ArrowLeft")
            tv.locator(".replay .step-count", has_text="After event 2 of 3").wait_for(timeout=WAIT)
            tv.keyboard.press("Home")
            tv.locator(".replay .step-count", has_text="Before the first move").wait_for(
                timeout=WAIT
            )
            tv.locator(".step-forward").click()
            tv.locator(".replay .step-count", has_text="After event 1").wait_for(timeout=WAIT)
            assert "pass" in tv.inner_text(".log") and steps == "After event 3 of 3"
            screenshot(tv, "club-replay.png")
            assert [pg.errors for pg in (host, ann, bob, tv)] == [[], [], [], []]  # type: ignore[attr-defined]
        finally:
            browser.close()
            stop(process)
