"""The web table in a real browser: Debian's chromium driven by Playwright, tapping.

One browser for the module; a server per game on 127.0.0.1, port 0. A
three-player Cogito game and a two-player Invicta game are played through
the phone pages (390 × 844) by tapping; every move shows on the other seats
and the table screen without a reload; a page reloaded mid-game comes back
to the same state; nothing scrolls sideways. Screenshots go to
``$REFEREE_SCREENSHOTS`` when set (docs/web.md's come from here).

Playwright never downloads a browser here: the system chromium is used, and
the module is skipped, saying why, only when there is none.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium_path is None:  # pragma: no cover - CI installs chromium
    pytest.skip("no system chromium (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from webtable import CHROMIUM_ARGS, held, table  # noqa: E402

from referee.table.store import RecordFile  # noqa: E402
from referee.web.games import WebGame  # noqa: E402
from referee.web.seats import load_key  # noqa: E402
from referee.web.server import build  # noqa: E402

PHONE = {"width": 390, "height": 844}
# That a move reaches every screen without a reload; how fast is measured in
# benchmarks/web_latency.py, not here (a loaded machine may take seconds).
SHOWN_WITHIN_MS = 5000


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


class Served:
    """A table served by uvicorn in a thread, on a port the OS chose."""

    def __init__(self, tmp_path: Path, game: str, **options) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        self.app, self.path = table(tmp_path, game, base=f"http://127.0.0.1:{port}", **options)
        self.run(sock)

    def run(self, sock: socket.socket) -> None:
        config = uvicorn.Config(self.app.app, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]})
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                break
            time.sleep(0.02)
        self.urls = self.app.urls()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.app.table.store.close()


@pytest.fixture
def served(tmp_path):
    made = []

    def serve(game, **options):
        s = Served(tmp_path, game, **options)
        made.append(s)
        return s

    yield serve
    for s in made:
        s.stop()


def open_page(browser, url, viewport=PHONE):
    page = browser.new_page(viewport=viewport, is_mobile=viewport is PHONE, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_selector("#app[data-version]")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def version(page) -> int:
    return int(page.get_attribute("#app", "data-version"))


def wait_shown(pages, target: int) -> None:
    """Every page shows the table's latest version ``target``, without a reload.

    (A selector, not a script: the pages' Content-Security-Policy forbids eval.)"""
    for page in pages:
        page.locator(f'#app[data-version="{target}"]').wait_for(timeout=SHOWN_WITHIN_MS)


def landed(s, before: int) -> int:
    """The table's version once the tapped move has reached the record."""
    for _ in range(250):
        if s.app.table.snapshot.version > before:
            break
        time.sleep(0.02)
    return s.app.table.snapshot.version


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


def screenshot(page, name: str) -> None:
    where = os.environ.get("REFEREE_SCREENSHOTS")
    if where:
        page.screenshot(path=str(Path(where) / name), full_page=True)


def test_cogito_three_phones_and_the_table(browser, served):
    s = served("cogito")
    board = open_page(browser, s.urls["table"], {"width": 1280, "height": 800})
    assert board.locator(".codes img").count() == 3  # no phone has come yet
    screenshot(board, "web-table-codes.png")
    seats = {name: open_page(browser, url) for name, url in s.urls["seats"].items()}
    board.locator(".codes img").first.wait_for(state="detached", timeout=SHOWN_WITHIN_MS)
    everyone = [*seats.values(), board]
    for page in seats.values():
        assert page.locator(".hand .card").count() == 2
        no_sideways_scroll(page)
    # Each phone shows the others' Self cards, never its own.
    game = s.app.table.session.game
    for name, page in seats.items():
        text = page.inner_text("main")
        for other in game.seats:
            assert (other.self_card in text) == (other.name != name), (name, other.name)
    taps = 0
    reloaded = False
    while not game.finished:
        game = s.app.table.session.game
        mover = next(
            (
                n
                for n in seats
                if any(m["move"] in ("play", "give") for m in s.app.table.view(n)["you"]["moves"])
            ),
            None,
        )
        before = s.app.table.snapshot.version
        if mover is not None:
            page = seats[mover]
            page.locator(".hand .card.can").first.tap()
        else:
            ender = next(  # the tie is the table's: every player still in says end
                n
                for n in seats
                if any(m["move"] == "end" for m in s.app.table.view(n)["you"]["moves"])
                and n not in s.app.table.ending
            )
            page = seats[ender]
            page.get_by_role("button", name="End the game (a tie)").tap()
        target = landed(s, before)
        wait_shown(everyone, target)
        taps += 1
        game = s.app.table.session.game
        if taps == 3:
            screenshot(seats["ann"], "web-seat.png")
            screenshot(board, "web-table.png")
        if taps == 4 and not reloaded:
            page = seats["bob"]
            before_text = page.inner_text(".hand")
            page.reload()
            page.wait_for_selector("#app[data-version]")
            assert version(page) == target
            assert page.inner_text(".hand") == before_text
            reloaded = True
        for p in seats.values():
            no_sideways_scroll(p)
    assert reloaded and taps > 10
    assert "tie" in board.inner_text("main") or "wins" in board.inner_text("main")
    for page in everyone:
        assert page.errors == []  # type: ignore[attr-defined]


def test_invicta_two_phones_tapping_the_board(browser, served):
    s = served("invicta")
    white = open_page(browser, s.urls["seats"]["ann"])
    black = open_page(browser, s.urls["seats"]["bob"])
    board = open_page(browser, s.urls["table"], {"width": 1280, "height": 800})
    everyone = [white, black, board]
    no_sideways_scroll(white)
    placements = ["e5", "e6", "d5", "d6", "c5", "c6", "f5", "f6"]
    for i, square in enumerate(placements):
        page = white if i % 2 == 0 else black
        before = s.app.table.snapshot.version
        page.locator(f'[data-square="{square}"]').tap()
        wait_shown(everyone, before + 1)
        piece = board.locator(f'[data-square="{square}"] .piece')
        assert piece.count() == 1
    # White taps a piece: the squares it may go to light up, and one tap moves it.
    white.locator('[data-square="e5"]').tap()
    targets = white.locator(".sq.target")
    expected = s.app.table.view("ann")["you"]["moves"]["e5"]
    assert sorted(t.get_attribute("data-square") for t in targets.all()) == sorted(expected)
    goal = expected[0]
    before = s.app.table.snapshot.version
    white.locator(f'[data-square="{goal}"]').tap()
    wait_shown(everyone, before + 1)
    assert board.locator(f'[data-square="{goal}"] .piece').count() == 1
    assert board.locator('[data-square="e5"] .piece').count() == 0
    assert s.app.table.session.game.moves == len(placements) + 1
    # Black's phone may not move white's pieces: they are not even buttons that act.
    assert black.locator('[data-square="d5"]').is_disabled()
    black.reload()
    black.wait_for_selector("#app[data-version]")
    assert black.locator(f'[data-square="{goal}"] .piece').count() == 1
    for page in everyone:
        assert page.errors == []  # type: ignore[attr-defined]


def test_ergo_a_card_tapped_then_its_place_in_the_proof(browser, served):
    s = served("ergo")
    ann = open_page(browser, s.urls["seats"]["ann"])
    bob = open_page(browser, s.urls["seats"]["bob"])
    hand = s.app.table.view("ann")["you"]["hand"]
    variable = next(c for c in hand if c["use"] == "proof" and len(c["faces"]) == 1)
    ann.locator(".hand .card").nth(variable["number"] - 1).tap()
    ann.locator('[data-gap="new"]').tap()
    before = s.app.table.snapshot.version
    ann.get_by_role("button", name="Play them").tap()
    wait_shown([ann, bob], landed(s, before))
    assert s.app.table.session.game.proof.texts() == (variable["faces"][0]["symbol"],)
    assert bob.locator(".premise .pcard").count() == 1
    no_sideways_scroll(ann)
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_palmer_editor_symbols_and_the_live_check(browser, served):
    s = served("palmer")
    ann = open_page(browser, s.urls["seats"]["ann"])
    ann.locator("#statement").fill("∀x (blonde(x) ∧")
    ann.locator(".check.bad .caret").wait_for(timeout=5000)
    assert "^" in ann.inner_text(".check .caret")
    ann.locator("#statement").fill("")
    for symbol in ("¬", "∃"):
        ann.get_by_role("button", name=symbol, exact=True).tap()
    ann.locator("#statement").press_sequentially("x blonde(x)")
    ann.locator(".check.ok").wait_for(timeout=5000)
    assert ann.input_value("#statement") == "¬∃x blonde(x)"
    no_sideways_scroll(ann)
    assert ann.errors == []  # type: ignore[attr-defined]


def test_every_screen_says_the_referee_is_thinking(browser, served):
    """While a command runs (a claim the engine settles), every screen says so; the
    spectator's page (public) too, and the banner goes when the ruling comes."""
    s = served("invicta")
    _, release = held(s.app.table)
    ann = open_page(browser, s.urls["seats"]["ann"])
    bob = open_page(browser, s.urls["seats"]["bob"])
    watcher = open_page(browser, s.urls["spectator"])
    try:
        before = s.app.table.snapshot.version
        ann.locator('[data-square="e5"]').tap()
        for page in (ann, bob, watcher):
            page.locator("#thinking").wait_for(state="visible", timeout=5000)
            assert "thinking" in page.inner_text("#thinking")
    finally:
        release.set()
    wait_shown([ann, bob, watcher], landed(s, before))
    for page in (ann, bob, watcher):
        page.locator("#thinking").wait_for(state="hidden", timeout=5000)
        assert page.errors == []  # type: ignore[attr-defined]
    assert watcher.locator('[data-square="e5"] .piece').count() == 1
    assert watcher.locator(".commandline").count() == 0  # a spectator says nothing


def test_a_lost_connection_says_reconnecting_and_catches_up(browser, served):
    """While the page's WebSocket is down it says "Reconnecting…"; once it is back the
    page shows the move made meanwhile (it fetches the view again), without a reload."""
    s = served("invicta")
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    sockets: list = []
    down = threading.Event()

    def through(ws) -> None:
        if down.is_set():
            ws.close()
        else:
            ws.connect_to_server()
            sockets.append(ws)

    page.route_web_socket(re.compile(r".*/ws$"), through)
    page.goto(s.urls["seats"]["bob"])
    page.wait_for_selector("#app[data-version]")
    page.locator("#offline").wait_for(state="hidden", timeout=5000)
    down.set()
    sockets[-1].close()
    page.locator("#offline").wait_for(state="visible", timeout=5000)
    assert "Reconnecting" in page.inner_text("#offline")
    screenshot(page, "web-reconnecting.png")
    before = s.app.table.snapshot.version
    assert s.app.table.command("ann", "e5").ok
    down.clear()
    page.locator("#offline").wait_for(state="hidden", timeout=10000)
    wait_shown([page], s.app.table.snapshot.version)
    assert s.app.table.snapshot.version > before
    assert page.locator('[data-square="e5"] .piece').count() == 1


def test_palmer_a_negation_and_a_parametric_card_by_tapping(browser, served):
    """Where a ¬ can go is offered as buttons (a statement tapped, then its place), and n
    of a parametric statement card is chosen with a field, not typed."""
    s = served("palmer", mode="table")
    assert s.app.table.command("ann", "play blonde : ∃x blonde(x)").ok
    ann = open_page(browser, s.urls["seats"]["ann"])
    bob = open_page(browser, s.urls["seats"]["bob"])
    bob.locator(".entry", has_text="#1").tap()
    before = s.app.table.snapshot.version
    bob.locator(".negate .place", has_text="∃x ¬blonde(x)").tap()
    wait_shown([ann, bob], landed(s, before))
    bob.locator(".entry .stmt", has_text="∃x ¬blonde(x)").wait_for(timeout=5000)
    assert s.app.table.view(None)["board"][0]["statement"] == "∃x ¬blonde(x)"
    card = next(c for c in s.app.table.view("ann")["you"]["hand"] if c["parametric"])
    open_card(ann, card["name"])
    ann.locator(".param #param-n").wait_for(timeout=5000)
    ann.locator(".param .step", has_text="+").tap()
    ann.locator(".param .step", has_text="+").tap()
    before = s.app.table.snapshot.version
    ann.locator(".param button.primary").tap()
    wait_shown([ann], landed(s, before))
    expected = s.app.table.session.game.deck.card(card["id"]).statement_for(3)
    [entry] = [e for e in s.app.table.view(None)["board"] if e["id"] == 2]
    assert entry["author"] == "ann" and entry["statement"] == expected
    no_sideways_scroll(ann)
    no_sideways_scroll(bob)
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def open_card(page, name: str) -> None:
    """Tap the card ``name`` in a seat's cards (in table mode, its group opened first)."""
    closed = page.locator("details.group:not([open])", has_text=name)
    if closed.count():
        closed.locator("summary").tap()
    page.locator(".hand .card .name", has_text=re.compile(f"^{re.escape(name)}$")).tap()


def test_palmer_while_the_table_votes_every_screen_says_who_is_asked(browser, served):
    """The turn waits for the vote: the table screen names the vote and who is asked,
    not the player whose turn it would be; the asked seat sees its vote buttons."""
    from stuck_engine import StuckEngine

    from referee.logic.engine import Limits

    with StuckEngine(5.0, Limits(timeout=1)) as engine:  # every claim undetermined
        s = served(
            "palmer", engine=engine, mode="table", timeout=1, house=("vote_on_undetermined=yes",)
        )
        assert s.app.table.command("ann", "play happy : ∀x happy(x)").ok
        assert s.app.table.command("bob", "play happy : ∃x happy(x)").ok
        assert s.app.table.command("ann", "claim 2").ok
        board = open_page(browser, s.urls["table"])
        bob = open_page(browser, s.urls["seats"]["bob"])
        ann = open_page(browser, s.urls["seats"]["ann"])
        assert "vote is open on ann's claim" in board.inner_text("header .turn")
        assert "bob to vote" in board.inner_text("header .turn")
        assert "your vote" in bob.inner_text("header .turn")
        assert "Your turn" not in ann.inner_text("header")
        assert board.locator("tr.active").count() == 0  # nobody's turn while the table votes
        screenshot(board, "web-palmer-vote.png")
        before = s.app.table.snapshot.version
        bob.get_by_role("button", name="Vote no").tap()
        wait_shown([board, ann], landed(s, before))
        assert "Your turn" in ann.inner_text("header .turn")
        assert board.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_palmer_table_mode_deck_is_compact_and_every_card_still_tappable(browser, served):
    """Table mode offers the whole deck: in groups that open and close, with a filter,
    so a phone is not a long scroll; the cards chosen stay in sight."""
    s = served("palmer", mode="table")
    ann = open_page(browser, s.urls["seats"]["ann"])
    height = ann.evaluate("document.documentElement.scrollHeight")
    assert height < 1700, f"the seat page is {height} px tall"
    cards = s.app.table.view("ann")["you"]["hand"]
    statements = ann.locator('details.group[data-group="Statement cards"]')
    assert statements.get_attribute("open") is None  # the long group starts closed
    statements.locator("summary").tap()
    assert ann.locator(".deck .card").count() == len(cards)  # every card, once open
    ann.locator("#deck-filter").fill("smarter")
    shown = ann.locator(".deck details .card .name").all_inner_texts()
    wanted = [c["name"] for c in cards if "smarter" in (c["name"] + (c["statement"] or ""))]
    assert sorted(shown) == sorted(wanted) and shown
    ann.locator(".deck details .card", has_text="smarter").first.tap()
    ann.locator("#deck-filter").fill("")
    ann.locator('details.group[data-group="Words"] summary').tap()  # closed: still chosen
    assert ann.locator(".deck .chosen .card").all_inner_texts() == ["smarter"]
    no_sideways_scroll(ann)
    assert ann.errors == []  # type: ignore[attr-defined]


def without_drawing(s) -> None:
    """The served game as one whose package has no drawer: the pages draw it generically."""
    web_game = s.app.table.web_game
    registration = dataclasses.replace(web_game.registration, drawing=None)
    terminal = dataclasses.replace(web_game.terminal, game=registration)
    s.app.table.web_game = dataclasses.replace(web_game, terminal=terminal)


def test_a_game_without_a_drawer_is_played_from_its_view_and_its_legal_moves(browser, served):
    s = served("invicta")
    without_drawing(s)
    white = open_page(browser, s.urls["seats"]["ann"])
    black = open_page(browser, s.urls["seats"]["bob"])
    everyone = [white, black]
    assert white.locator('script[src="/static/game/draw.js"]').count() == 0
    assert white.locator(".sq").count() == 0  # not the game's own drawing
    # Every legal move of the seat is a button; the board is a grid of its squares.
    legal = s.app.table.view("ann")["you"]["legal"]
    assert sorted(
        b.get_attribute("data-move") for b in white.locator("button.move").all()
    ) == sorted(legal)
    assert white.locator(".grid [data-square]").count() == 90
    assert white.locator("h1").text_content() == "Ergo (Invicta)"
    no_sideways_scroll(white)
    # White taps a square of the grid (a legal move by itself); black finds one by typing.
    before = s.app.table.snapshot.version
    white.locator('.grid [data-square="e5"]').tap()
    wait_shown(everyone, before + 1)
    assert black.locator('.grid [data-square="e5"]').text_content() == "white hollow"
    assert white.locator('.grid [data-square="e6"]').is_disabled()  # not white's turn now
    black.locator("#moves-filter").fill("e6")
    before = s.app.table.snapshot.version
    black.locator('button.move[data-move="e6"]').tap()
    wait_shown(everyone, before + 1)
    assert white.locator('.grid [data-square="e6"]').text_content() == "black hollow"
    # A move of a piece (two squares) is a line of its own: found, tapped, made.
    white.locator("#moves-filter").fill("e5-")
    step = white.locator("button.move").first
    line = step.get_attribute("data-move")
    assert line.startswith("e5-") and line in s.app.table.view("ann")["you"]["legal"]
    before = s.app.table.snapshot.version
    step.tap()
    wait_shown(everyone, before + 1)
    target = line.split("-")[1]
    assert black.locator(f'.grid [data-square="{target}"]').text_content() == "white hollow"
    assert s.app.table.session.game.moves == 3
    # The rest of the view is shown as it is (what the page has no drawing for).
    rest = white.locator("dl.plain").first.text_content()
    assert "in hand" in rest and '"white":11' in rest  # 12 pieces, one placed
    for page in everyone:
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_game_without_a_drawer_shows_the_hand_and_plays_a_card(browser, served):
    s = served("cogito")
    without_drawing(s)
    ann = open_page(browser, s.urls["seats"]["ann"])
    bob = open_page(browser, s.urls["seats"]["bob"])
    view = s.app.table.view("ann")
    cards = [c.text_content() for c in ann.locator(".hand .card").all()]
    assert cards == [c["card"] for c in view["you"]["hand"]]
    people = ann.locator(".people .person").all()
    assert [p.get_attribute("data-player") for p in people] == [p["name"] for p in view["players"]]
    no_sideways_scroll(ann)
    # Shown plainly, the view is still only this seat's: the others' Self cards, not ann's.
    for seat, row in zip(s.app.table.session.game.seats, people, strict=True):
        shown = "self: " + seat.self_card in row.text_content()
        assert shown == (seat.name != "ann"), seat.name
    play = view["you"]["legal"][0]
    assert play.startswith("play ")
    assert bob.locator(f'button.move[data-move="{play}"]').count() == 0  # not bob's move
    before = s.app.table.snapshot.version
    ann.locator(f'button.move[data-move="{play}"]').tap()
    wait_shown([ann, bob], landed(s, before))  # the referee judges the card first
    assert len(s.app.table.view("ann")["you"]["hand"]) == len(cards) - 1
    assert ann.locator(".hand .card").count() == len(cards) - 1
    for page in (ann, bob):
        assert page.errors == []  # type: ignore[attr-defined]


class ServedAlone(Served):
    """A game outside the one list (the fifth game of tests/mastermind/), served as
    ``referee serve`` would serve it once its line is in referee/games.py."""

    def __init__(self, tmp_path: Path, registration, options: dict) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        web_game = WebGame(registration.terminal().game)
        record = web_game.start(options)
        self.path = tmp_path / "alone.json"
        store = RecordFile(self.path, fresh=True)
        store.open()
        base = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.app = build(web_game, record, record.rebuild(), store, load_key(self.path), base)
        self.run(sock)


def test_the_fifth_game_with_no_web_code_is_played_on_phones_its_secret_on_one(browser, tmp_path):
    from mastermind.registration import REGISTRATION

    assert REGISTRATION.drawing is None  # no drawer, no Phones: nothing of the web's
    s = ServedAlone(tmp_path, REGISTRATION, {"maker": "ann", "breaker": "bob", "house": ()})
    try:
        maker = open_page(browser, s.urls["seats"]["ann"])
        breaker = open_page(browser, s.urls["seats"]["bob"])
        assert maker.locator("h1").text_content() == REGISTRATION.title
        before = s.app.table.snapshot.version
        maker.locator("#command").fill("code pyob")
        maker.locator("#command").press("Enter")
        wait_shown([maker, breaker], landed(s, before))
        assert "pyob" in maker.inner_text("main")  # the maker's own view holds the code
        assert "pyob" not in breaker.inner_text("main")  # the breaker's does not
        breaker.get_by_role("button", name="? Rules & help").tap()
        breaker.locator(".messages").wait_for(timeout=SHOWN_WITHIN_MS)
        assert "Tap one of your moves" in breaker.locator(".messages").text_content()
        before = s.app.table.snapshot.version
        breaker.locator("#command").fill("guess pyob")
        breaker.locator("#command").press("Enter")
        wait_shown([maker, breaker], landed(s, before))
        assert s.app.table.session.game.finished
        assert "pyob" in breaker.inner_text("main")  # the end shows it
        no_sideways_scroll(breaker)
        for page in (maker, breaker):
            assert page.errors == []  # type: ignore[attr-defined]
    finally:
        s.stop()
