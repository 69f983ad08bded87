"""The rulings drawn, in a real browser (issue 38): phone (390 × 844) and TV (1920 × 1080).

A table is served in-process (as in ``test_web_browser``), its moves said through the
table, and the pages looked at: a countermodel as a small world with the failing
element ringed and a tap saying whether a statement holds; a derivation stepped through,
its premises lit; an inconsistency's clash lit on the board (and no derivation drawn when
the checker refuses it); an infinite model on its first elements; Ergo's fates; Cogito's
path on the diagram. Screenshots go to ``$REFEREE_SCREENSHOTS`` when set (the README's
``docs/screenshots/web-ruling-*.png`` come from here).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_ergo_game import REVIEW_ROUND
from test_web_browser import PHONE, browser, no_sideways_scroll, open_page, served  # noqa: F401
from test_web_club import fitted
from webtable import Views, next_move

from referee.logic.engine import Engine, Limits

pytestmark = pytest.mark.slow
TV = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=10)) as e:
        yield e


def say(s, *lines: str) -> None:
    """Each line said by the player to move, through the table as a phone would."""
    for line in lines:
        game = s.app.table.session.game
        answer = s.app.table.command(game.player, line)
        assert answer.ok, (line, answer.messages)


def shot(page, name: str, selector: str | None = None) -> None:
    """The screen as a player sees it, the picture in sight (a phone scrolled to it)."""
    where = os.environ.get("REFEREE_SCREENSHOTS")
    if selector is not None:
        page.locator(selector).first.evaluate("e => e.scrollIntoView({ block: 'start' })")
    if where:
        page.screenshot(path=str(Path(where) / name))


def clean(*pages) -> None:
    for page in pages:
        if page.viewport_size == PHONE:
            no_sideways_scroll(page)
        assert page.errors == []  # type: ignore[attr-defined]


def test_palmer_a_countermodel_a_derivation_and_a_clash(browser, served, engine, monkeypatch):  # noqa: F811
    s = served("palmer", engine=engine, mode="table", timeout=10)
    say(s, "play ? : ∀x ∃y likes(x, y)", "play ? : ∃x ∃y ∃z (x ≠ y ∧ y ≠ z ∧ x ≠ z)")
    say(s, "play ? : ∃x (blonde(x) ∧ ¬happy(x))", "play ? : ∀x (happy(x) → likes(x, father(x)))")
    say(s, "play ? : ∀x ¬likes(x, x)", "play ? : ∀x (blonde(x) → happy(x))", "claim 6")
    model = s.app.table.view(None)["ruling"]["countermodel"]
    phone = open_page(browser, s.urls["seats"]["ann"])
    tv = open_page(browser, s.urls["table"], TV)
    # The world: one node per element, the element where #6 fails ringed, a legend of
    # the badges (unary predicates) and the arrows (likes; father, dashed).
    for page in (phone, tv):
        assert page.locator("svg.world .node").count() == model["size"] >= 3
        assert page.locator("svg.world .node .ring").count() == 1
        assert page.locator("svg.world path[stroke-dasharray]").count() == model["size"]
        assert "blonde(x)" in page.inner_text(".legend") and "father(x)" in page.inner_text(
            ".legend"
        )
    assert "#6 fails in it: take x = e" in tv.inner_text(".ruling-picture")
    # Nobody taps a TV: each statement says there whether it holds; a phone is tapped.
    assert tv.locator(".entry .tag.holds").count() == 5
    assert tv.locator(".entry .tag.fails").count() == 1
    phone.locator('.stmt-tap[data-statement="6"]').tap()
    assert "fails here" in phone.inner_text('.stmt-tap[data-statement="6"]')
    phone.locator('.stmt-tap[data-statement="1"]').tap()
    assert "holds here" in phone.inner_text('.stmt-tap[data-statement="1"]')
    # Its evidence in words, beside it on the TV: lines a page wraps (the model's tables a
    # row a line, no box drawing), nothing cut off.
    log = s.app.table.view(None)["log"]
    assert any(line.startswith("  x: e0; happy(x): ") for line in log)
    assert not any(0x2500 <= ord(c) <= 0x257F for c in tv.inner_text(".side"))
    fitted(tv, log)
    shot(phone, "web-ruling-countermodel-phone.png", ".ruling-picture")
    shot(tv, "web-ruling-countermodel-tv.png")
    # A redundancy upheld: its derivation stepped through, each step's premises lit.
    say(s, "play ? : ∃x blonde(x)", "claim 7")  # #3 says so
    lines = s.app.table.view(None)["ruling"]["derivation"]
    phone.locator(".fitch .dline").first.wait_for(timeout=5000)
    assert phone.locator(".fitch .dline").count() == len(lines)
    assert phone.locator(".dline.now").get_attribute("data-line") == "1"
    assert phone.locator(".entry.lit-step").get_attribute("data-entry") == str(lines[0]["board"])
    step = next(i for i, line in enumerate(lines) if len(line["from"]) >= 2)
    for _ in range(step):
        phone.get_by_role("button", name="Next step ▶").tap()
    now = phone.locator(".dline.now")
    assert now.get_attribute("data-line") == str(lines[step]["n"])
    lit = sorted(int(x.get_attribute("data-line")) for x in phone.locator(".dline.cited").all())
    assert lit == sorted(lines[step]["from"])
    assert phone.locator(".dline.later").count() == len(lines) - step - 1
    assert tv.locator(".fitch .dline.later").count() == 0  # the TV shows every line
    shot(phone, "web-ruling-derivation-phone.png", ".ruling-picture")
    shot(tv, "web-ruling-derivation-tv.png")
    # The board inconsistent (#3 and #6): the clash lit; its derivation refused by the
    # checker, so none is drawn (the verdict stands on its evidence).
    import referee.derivation.shown as shown

    monkeypatch.setattr(shown, "check_written", lambda *a, **k: None)
    say(s, "claim inconsistent")
    ruling = s.app.table.view(None)["ruling"]
    assert ruling["outcome"] == "upheld" and ruling["derivation"] is None
    for page in (phone, tv):
        page.locator(".entry.lit-clash").first.wait_for(timeout=5000)
        clash = [int(x.get_attribute("data-entry")) for x in page.locator(".entry.lit-clash").all()]
        assert clash == ruling["used"]
        assert page.locator(".fitch").count() == 0
    shot(phone, "web-ruling-clash-phone.png", ".board-list")
    shot(tv, "web-ruling-clash-tv.png")
    clean(phone, tv)


def test_palmer_an_infinite_model_on_its_first_elements(browser, served, engine):  # noqa: F811
    s = served("palmer", engine=engine, mode="table", timeout=10)
    say(s, "play ? : ∀x ∃y smarter(y, x)", "play ? : ∀x ¬smarter(x, x)")
    say(s, "play ? : ∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z) → smarter(x, z))")
    say(s, "claim inconsistent")
    model = s.app.table.view(None)["ruling"]["countermodel"]
    assert model["infinite"]
    phone = open_page(browser, s.urls["seats"]["bob"])
    tv = open_page(browser, s.urls["table"], TV)
    for page in (phone, tv):
        assert page.locator("svg.world .node").count() == len(model["first"]["elements"])
        assert page.locator("svg.world .more").count() >= 1  # "…": it goes on
        assert model["lines"][-1] in page.inner_text(".definition")
    shot(phone, "web-ruling-infinite-phone.png", ".ruling-picture")
    shot(tv, "web-ruling-infinite-tv.png")
    clean(phone, tv)


def test_ergo_each_variables_fate_with_its_premises_lit(browser, served):  # noqa: F811
    s = served("ergo", players="ann,bob,cat", mode="table", win=50)
    say(s, *REVIEW_ROUND)
    phone = open_page(browser, s.urls["seats"]["ann"])
    tv = open_page(browser, s.urls["table"], TV)
    for page in (phone, tv):
        assert page.locator(".round-ruling .fate").count() == 4
        assert page.locator(".fate.proven").count() == 3
    phone.locator('.fate[data-variable="B"]').tap()
    lit = [x.get_attribute("data-premise") for x in phone.locator(".premise.lit").all()]
    assert lit == ["2"] and "B (bob) is disproven" in phone.inner_text(".round-ruling")
    assert phone.locator(".round-ruling .fitch .dline").count() == 2
    shot(phone, "web-ruling-ergo-phone.png", ".round-ruling")
    shot(tv, "web-ruling-ergo-tv.png")
    clean(phone, tv)


def test_cogito_the_judged_cards_path_on_the_diagram(browser, served):  # noqa: F811
    s = served("cogito", seed=4)
    views = Views(s.app)
    while True:  # play until a red card's path is the table's to see (its holder revealed)
        seat, line = next_move("cogito", views)
        assert s.app.table.command(seat, line).ok
        public = s.app.table.view(None)
        r = public["ruling"]
        fresh = r is not None and r["event"] == public["events"]
        if fresh and r.get("position") == "red" and r["path"] and len(r["path"]) > 2:
            break
    tv = open_page(browser, s.urls["table"], TV)
    holder = r["player"]
    other = next(p for p in s.app.table.players if p != holder)
    phone = open_page(browser, s.urls["seats"][other])
    phone.locator(".diagram-toggle").tap()
    for page in (phone, tv):
        on_path = [
            x.get_attribute("data-name") for x in page.locator(".dname.on-path, .dname.self").all()
        ]
        assert sorted(on_path) == sorted(r["path"])
        assert page.locator(".dname.denied").get_attribute("data-name") == r["card"]
        assert " is a" in page.inner_text(".judgement")  # the terminal's "X is a Bird, and every …"
    shot(phone, "web-ruling-cogito-phone.png", ".judgement")
    shot(tv, "web-ruling-cogito-tv.png")
    clean(phone, tv)
