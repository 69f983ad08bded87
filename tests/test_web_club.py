"""The web table as a games club uses it (issue 30), in Debian's chromium, tapping.

Each test is one thing a club found wrong: Ergo's special cards by tapping, a
new Fallacy on screen, the end of a round kept on the table screen, Palmer's
table vote, the boards fitting the screens they are shown on, the table
screen readable as a TV board, and a phone that says what happened.
"""

from __future__ import annotations

import test_web_browser as wb
from test_web_browser import PHONE, landed, open_page, wait_shown

browser = wb.browser  # the module's fixtures, shared
served = wb.served

TABLE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}
LANDSCAPE = {"width": 844, "height": 390}
SIZES = [PHONE, LANDSCAPE, TABLE, TV]


def said(s, seat: str, line: str) -> None:
    answer = s.app.table.command(seat, line)
    assert answer.ok, answer.messages


def tap_card(page, label: str) -> None:
    page.locator(".hand .card", has_text=label).first.tap()


def test_ergo_tabula_rasa_by_tapping(browser, served):
    """The Proof's cards become tappable as soon as Tabula Rasa is chosen."""
    s = served("ergo", mode="table")
    said(s, "ann", "play A")
    said(s, "ann", "play B")
    bob = open_page(browser, s.urls["seats"]["bob"])
    tap_card(bob, "Tabula Rasa")
    first = bob.locator(".premise .pcard").first
    assert first.is_enabled()
    before = s.app.table.snapshot.version
    first.tap()
    wait_shown([bob], landed(s, before))
    assert s.app.table.session.game.proof.texts() == ("B",)
    assert bob.errors == []  # type: ignore[attr-defined]


def test_ergo_revolution_by_tapping(browser, served):
    s = served("ergo", mode="table")
    said(s, "ann", "play A")
    said(s, "ann", "play B")
    bob = open_page(browser, s.urls["seats"]["bob"])
    tap_card(bob, "Revolution")
    bob.locator(".premise .pcard", has_text="A").tap()
    before = s.app.table.snapshot.version
    bob.locator(".premise .pcard", has_text="B").tap()
    wait_shown([bob], landed(s, before))
    assert s.app.table.session.game.proof.texts() == ("B", "A")
    assert bob.errors == []  # type: ignore[attr-defined]


def test_ergo_a_new_fallacy_shows_at_once(browser, served):
    """A Fallacy held for 0 turns is a Fallacy: its target sees it before their turn."""
    s = served("ergo", mode="table")
    said(s, "ann", "play A")
    said(s, "ann", "play B")
    said(s, "bob", "fallacy ann")
    ann = open_page(browser, s.urls["seats"]["ann"])
    board = open_page(browser, s.urls["table"], TABLE)
    for page in (ann, board):
        row = page.locator("table.scores tr", has_text="ann")
        assert "Fallacy" in row.inner_text()
