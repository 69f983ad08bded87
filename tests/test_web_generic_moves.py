"""A phone drawn without a drawer, for a seat with more than 24 moves: a move of one word
(liar's dice's ``liar``) is one tap, first; the most frequent move's group is open.

In Chromium, as tests/test_web_browser.py drives it (the system chromium, or skipped)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

browser_tests = pytest.importorskip("test_web_browser")
from test_web_browser import ServedAlone, browser, landed, open_page, wait_shown  # noqa: E402, F401


def test_liar_is_one_tap_and_the_bids_are_open_first(browser, tmp_path):  # noqa: F811
    from dice.registration import REGISTRATION

    assert REGISTRATION.drawing is None
    s = ServedAlone(tmp_path, REGISTRATION, {"players": "ann,bob", "seed": 4, "house": ()})
    try:
        ann = open_page(browser, s.urls["seats"]["ann"])
        bob = open_page(browser, s.urls["seats"]["bob"])
        groups = ann.locator("section.moves details.group")
        assert groups.first.get_attribute("data-group") == "bid"  # the most frequent: 60
        assert groups.first.get_attribute("open") is not None
        before = s.app.table.snapshot.version
        ann.locator('button.move[data-move="bid 2 3"]').tap()  # one tap: its group is open
        wait_shown([ann, bob], landed(s, before))
        assert len(s.app.table.view("bob")["you"]["legal"]) > 24
        moves = bob.locator("section.moves")
        first = moves.locator("button.move").first
        assert first.get_attribute("data-move") == "liar" and first.is_visible()
        assert moves.locator("details.group").count() == 1  # the bids; liar in none
        before = s.app.table.snapshot.version
        first.tap()
        wait_shown([ann, bob], landed(s, before))
        assert s.app.table.session.game.finished
        for page in (ann, bob):
            assert page.errors == []  # type: ignore[attr-defined]
    finally:
        s.stop()
