"""The web table as a games club uses it (issue 30), in Debian's chromium, tapping.

Each test is one thing a club found wrong: Ergo's special cards by tapping, a
new Fallacy on screen, the end of a round kept on the table screen, Palmer's
table vote, the boards fitting the screens they are shown on, the table
screen readable as a TV board, and a phone that says what happened.
"""

from __future__ import annotations

import listed
import pytest
import test_web_browser as wb
from test_web_browser import PHONE, landed, open_page, wait_shown
from webtable import Views, next_move

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


def undetermined_claim(browser, served, players: str, *house: str):
    """A Palmer table (``players``) whose claim by ann waits for the table's vote."""
    from stuck_engine import StuckEngine

    from referee.logic.engine import Limits

    engine = StuckEngine(5.0, Limits(timeout=1))  # every claim undetermined
    s = served(
        "palmer",
        engine=engine,
        players=players,
        mode="table",
        timeout=1,
        house=("vote_on_undetermined=yes", *house),
    )
    names = players.split(",")
    said(s, "ann", "play happy : ∀x happy(x)")
    said(s, names[1], "play happy : ∃x happy(x)")
    for other in names[2:]:
        said(s, other, "pass")
    said(s, "ann", "claim 2")
    return s, engine


def test_palmer_every_asked_player_votes_and_the_majority_decides(browser, served):
    """Bob's yes alone does not decide: cat still votes, every screen shows who has voted,
    and the house rule (majority: a tie does not convince) settles it."""
    s, engine = undetermined_claim(browser, served, "ann,bob,cat")
    with engine:
        board = open_page(browser, s.urls["table"], TABLE)
        bob = open_page(browser, s.urls["seats"]["bob"])
        cat = open_page(browser, s.urls["seats"]["cat"])
        assert "bob, cat to vote" in board.inner_text("header .turn")
        before = s.app.table.snapshot.version
        bob.get_by_role("button", name="Vote yes").tap()
        wait_shown([board, bob, cat], landed(s, before))
        assert s.app.table.session.game.pending is not None  # one vote decides nothing
        for page in (board, bob, cat):
            assert "bob has voted" in page.inner_text(".ballots")
            assert "cat to vote" in page.inner_text(".ballots")
        assert bob.get_by_role("button", name="Vote yes").count() == 0  # voted once
        assert "your vote" in cat.inner_text("header .turn")
        wb.screenshot(board, "web-palmer-vote-table.png")
        before = s.app.table.snapshot.version
        cat.get_by_role("button", name="Vote no").tap()
        wait_shown([board, bob, cat], landed(s, before))
        game = s.app.table.session.game
        assert game.pending is None and game.scores["ann"] == 0  # 1 yes, 1 no: not upheld
        assert "1 yes, 1 no; majority" in board.inner_text(".log")
        for page in (board, bob, cat):
            assert page.errors == []  # type: ignore[attr-defined]


def test_ergo_the_end_of_a_round_stays_on_the_table_screen(browser, served):
    """The final Proof and the points are on every screen, the table's without a tap,
    until the next move."""
    s = served("ergo", mode="table", win=9)
    for seat, line in [("ann", "play A"), ("ann", "play B"), ("bob", "play C"), ("bob", "play D")]:
        said(s, seat, line)
    board = open_page(browser, s.urls["table"], TABLE)
    ann = open_page(browser, s.urls["seats"]["ann"])
    before = s.app.table.snapshot.version
    said(s, "ann", "ergo")
    wait_shown([board, ann], landed(s, before))
    for page in (board, ann):
        over = page.locator(".round-over")
        assert over.is_visible()
        text = over.inner_text()
        assert "Round 1" in text and "ann +4" in text and "bob +4" in text
        assert over.locator(".pcard").all_inner_texts() == ["A", "B", "C", "D"]
    # Its reasons (the round in words, then why) too, at 1280 × 800: nothing cut off, every
    # line shown or, past what the screen holds at its smallest type, counted.
    fitted(board, s.app.table.view(None)["log"])
    wb.screenshot(board, "web-ergo-round-over.png")
    mover = s.app.table.view(None)["to_play"]
    before = s.app.table.snapshot.version
    said(s, mover, "play " + s.app.table.view(mover)["you"]["variable"])
    wait_shown([board], landed(s, before))
    assert board.locator(".round-over").count() == 0


def fitted(board, log: list[str]) -> None:
    """The table screen cut nothing off: each column fits, and every line of ``log`` after
    the first is on screen or counted in the line that says how many more a phone shows."""
    for part in (".play", ".side"):
        assert board.locator(part).evaluate("e => e.scrollHeight <= e.clientHeight + 1"), part
    shown = board.locator(".log .reasons > pre").count()
    more = board.locator(".log .more")
    hidden = int(more.inner_text().split()[1]) if more.count() else 0
    assert shown + hidden == len(log) - 1 and shown >= 1, (shown, hidden, len(log))


def play_on(s, game: str, moves: int) -> None:
    """``moves`` scripted moves (webtable.next_move), straight to the table."""
    views = Views(s.app)
    for _ in range(moves):
        move = next_move(game, views)
        if move is None:
            return
        said(s, *move)


def inside(page, selector: str, viewport: dict) -> None:
    """Every element ``selector`` matches is wholly on screen, without scrolling."""
    for box in (e.bounding_box() for e in page.locator(selector).all()):
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, box


def test_invicta_whole_board_fits_the_table_screen_and_a_phone_on_its_side(browser, served):
    s = served("invicta")
    play_on(s, "invicta", 14)
    for size in (TABLE, TV):
        board = open_page(browser, s.urls["table"], size)
        inside(board, ".sq", size)
        assert board.evaluate("document.documentElement.scrollHeight") <= size["height"]
        # As large as the screen allows: the whole height under the turn banner (it took
        # 28% of a TV, under two lines of words that now stand beside it).
        box = board.locator(".board").bounding_box()
        below = board.locator("header").bounding_box()
        assert box["height"] >= 0.95 * (size["height"] - below["y"] - below["height"] - 16), box
        board.close()
    phone = open_page(browser, s.urls["seats"]["ann"], LANDSCAPE)
    inside(phone, ".sq", LANDSCAPE)
    assert phone.evaluate("document.documentElement.scrollWidth") <= LANDSCAPE["width"]


GAMES = {
    "palmer": {"players": "ann,bob,cat"},
    "ergo": {"players": "ann,bob,cat", "win": 9, "mode": "table"},
    "cogito": {},
    "invicta": {},
}


@pytest.mark.parametrize("game", sorted(listed.names()))
def test_the_table_screen_is_a_tv_board(browser, served, game):
    """A large turn banner, the last move marked, full contrast, and mid-game the table page
    fits 1280 × 800 (nothing cut off, nothing scrolls); no page scrolls sideways."""
    if listed.registration(game).drawing is None:
        pytest.skip(f"{game} has no drawing of its own: the generic one marks no last move")
    s = served(game, **GAMES.get(game, {}))
    play_on(s, game, 6)
    board = open_page(browser, s.urls["table"], TABLE)
    before = s.app.table.snapshot.version
    if game == "ergo":  # a card to the Proof (a discard changes nothing on the board)
        mover = s.app.table.view(None)["to_play"]
        said(s, mover, "play " + s.app.table.view(mover)["you"]["variable"])
    else:
        play_on(s, game, 1)
    wait_shown([board], landed(s, before))
    assert board.locator(".last").count() >= 1, "the last move is not marked"
    banner = board.locator("header .turn.banner")
    size = float(banner.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 30, f"the turn banner is {size} px"
    if game == "palmer":
        for entry in board.locator(".entry").all():
            assert entry.evaluate("e => getComputedStyle(e).opacity") == "1"
    for part in (".play", ".side"):
        fits = board.locator(part).evaluate("e => e.scrollHeight <= e.clientHeight + 1")
        assert fits, f"{part} is cut off at 1280 × 800"
    assert board.evaluate("document.documentElement.scrollHeight") <= TABLE["height"]
    wb.screenshot(board, f"web-{game}-table-1280.png")
    seat = next(iter(s.urls["seats"].values()))
    for size in SIZES:
        for url in (s.urls["table"], seat):
            page = open_page(browser, url, size)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], (url, size, width)
            page.close()
    assert board.errors == []  # type: ignore[attr-defined]


def test_a_tap_that_could_not_be_sent_says_so_and_is_sent_again(browser, served):
    s = served("invicta")
    ann = open_page(browser, s.urls["seats"]["ann"])
    ann.route("**/command", lambda route: route.abort())
    ann.locator('[data-square="e5"]').tap()
    ann.locator(".messages.unsent").wait_for(timeout=5000)
    assert "Not sent" in ann.inner_text(".messages")
    assert s.app.table.session.game.moves == 0
    ann.unroute("**/command")
    before = s.app.table.snapshot.version
    ann.get_by_role("button", name="Send again").tap()
    wait_shown([ann], landed(s, before))
    assert ann.locator('[data-square="e5"] .piece').count() == 1
    assert ann.locator(".messages.unsent").count() == 0
    errors = [e for e in ann.errors if "Failed to load resource" not in e]  # the aborted one
    assert errors == []


def test_a_phone_drops_a_tap_visibly_and_clears_stale_messages(browser, served):
    s = served("invicta")
    bob = open_page(browser, s.urls["seats"]["bob"])
    bob.route("**/command", lambda route: route.abort())
    bob.locator("#command").fill("e6")
    bob.locator("#command").press("Enter")
    bob.locator(".messages.unsent").wait_for(timeout=5000)
    bob.get_by_role("button", name="Drop it").tap()
    assert bob.locator(".messages").count() == 0
    bob.unroute("**/command")
    bob.locator("#command").fill("e6")  # not bob's turn: refused, and said
    bob.locator("#command").press("Enter")
    bob.locator(".messages.refused").wait_for(timeout=5000)
    before = s.app.table.snapshot.version
    said(s, "ann", "e5")
    wait_shown([bob], landed(s, before))
    assert bob.locator(".messages").count() == 0, "an old refusal stayed after the game moved"


def test_the_help_button_shows_the_rules(browser, served):
    s = served("cogito")
    cat = open_page(browser, s.urls["seats"]["cat"])
    cat.get_by_role("button", name="? Rules & help").tap()
    cat.locator(".messages").wait_for(timeout=5000)
    text = cat.inner_text(".messages")
    assert "The rules:" in text and "COGITO" in text


@pytest.mark.parametrize(
    "game, seat, line", [("invicta", "ann", "history"), ("palmer", "ann", "help")]
)
def test_no_answer_tells_a_phone_to_type_a_terminal_command(tmp_path, game, seat, line):
    from webtable import table

    from referee.web.table import TERMINAL_ONLY

    assert TERMINAL_ONLY.search("  (a move list: referee invicta replay --moves RECORD)")
    assert not TERMINAL_ONLY.search("the referee checks, and the referee judges it")
    app, _ = table(tmp_path, game)
    if game == "invicta":
        for move in ("e5", "e6"):
            assert app.table.command("ann" if move == "e5" else "bob", move).ok
    answer = app.table.command(seat, line)
    for message in answer.messages:
        assert not TERMINAL_ONLY.search(message), message


def test_palmer_the_hint_says_what_is_claimable_on_the_table_and_the_phones(browser, served):
    """House rule ``hints``: the board's claimable-now answer, drawn where everyone looks."""
    s = served("palmer", mode="table", house=("hints=yes",))
    said(s, "ann", "play happy : ∀x happy(x)")
    said(s, "bob", "play happy : ∃x happy(x)")
    board = open_page(browser, s.urls["table"], TABLE)
    ann = open_page(browser, s.urls["seats"]["ann"])
    for page in (board, ann):
        hint = page.locator("section.claimable")
        hint.filter(has_text="Claimable as redundant: #2.").wait_for(timeout=60_000)
        assert "#1" not in hint.inner_text()  # ∀ does not follow from ∃
        assert page.errors == []  # type: ignore[attr-defined]


def test_palmer_no_hint_without_the_house_rule(browser, served):
    s = served("palmer", mode="table")
    said(s, "ann", "play happy : ∀x happy(x)")
    ann = open_page(browser, s.urls["seats"]["ann"])
    assert ann.locator("section.claimable").count() == 0


def test_ergo_the_hint_says_what_the_proof_proves(browser, served):
    s = served("ergo", mode="table", house=("hints=yes",))
    said(s, "ann", "play A")
    ann = open_page(browser, s.urls["seats"]["ann"])
    assert ann.locator(".proves").inner_text() == "The Proof proves A; leaves open B, C, D."


def test_a_phone_vibrates_once_each_time_it_becomes_its_turn(browser, served):
    s = served("invicta")
    bob = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    bob.add_init_script(
        "window.buzzed = 0; navigator.vibrate = () => { window.buzzed += 1; return true; };"
    )
    bob.goto(s.urls["seats"]["bob"])
    bob.wait_for_selector("#app[data-version]")
    for mover, buzzed in (("ann", 1), ("bob", 1), ("ann", 2)):  # bob's turn, ann's, bob's
        before = s.app.table.snapshot.version
        said(s, mover, s.app.table.view(mover)["you"]["legal"][0])
        wait_shown([bob], landed(s, before))
        assert bob.evaluate("window.buzzed") == buzzed


def test_cogito_a_cogito_offers_only_possible_cards_and_asks_first(browser, served):
    """The COGITO list leaves out every Self card the seat sees elsewhere, and a card
    tapped there is declared only after a confirmation."""
    s = served("cogito")
    game = s.app.table.session.game
    ann = open_page(browser, s.urls["seats"]["ann"])
    ann.locator("button.cogito").tap()
    offered = ann.locator(".choices button.choice").all_inner_texts()
    others = {seat.self_card for seat in game.seats if seat.name != "ann"}
    assert offered and not others & set(offered)
    assert game.seat("ann").self_card in offered  # its own is never left out
    before = s.app.table.snapshot.version
    ann.locator(".choices button.choice").nth(0).tap()
    assert "Declare COGITO: you are " + offered[0] in ann.locator(".confirm").inner_text()
    ann.locator(".confirm button", has_text="No, not yet").tap()
    assert ann.locator(".choices button.choice").count() == len(offered)
    assert s.app.table.snapshot.version == before  # nothing was said
    own = game.seat("ann").self_card
    ann.locator(".choices button.choice").nth(offered.index(own)).tap()
    ann.locator(".confirm button.primary").tap()
    wait_shown([ann], landed(s, before))
    assert "ann" in s.app.table.view(None)["cogito"] or s.app.table.session.game.finished
    assert ann.errors == []  # type: ignore[attr-defined]


def test_ergo_a_wild_card_played_as_an_ergo_by_tapping(browser, served):
    s = served("ergo", mode="table")
    for seat, line in (("ann", "play A"), ("ann", "play B"), ("bob", "play C"), ("bob", "play D")):
        said(s, seat, line)  # an Ergo needs every variable in the Proof
    ann = open_page(browser, s.urls["seats"]["ann"])
    assert "ergo *var" in s.app.table.view("ann")["you"]["legal"]
    ann.locator(".hand .card", has_text="Wild (variable)").first.tap()
    before = s.app.table.snapshot.version
    ann.locator(".choices button", has_text="Play it as an Ergo").tap()
    wait_shown([ann], landed(s, before))
    game = s.app.table.session.game
    assert game.history and game.history[-1].round == 1  # the Ergo ended the round
    assert ann.errors == []  # type: ignore[attr-defined]


def test_cogito_the_diagram_is_on_the_table_and_one_tap_away_on_a_phone(browser, served):
    s = served("cogito")
    board = open_page(browser, s.urls["table"], TABLE)
    shown = board.locator("section.diagram").inner_text()
    categories = s.app.table.view(None)["diagram"]["categories"]
    selves = s.app.table.view(None)["diagram"]["selves"]
    assert all(name in shown for name in [*categories, *selves])
    ann = open_page(browser, s.urls["seats"]["ann"])
    assert ann.locator("section.diagram").count() == 0
    ann.locator("button.diagram-toggle").tap()
    assert all(name in ann.locator("section.diagram").inner_text() for name in categories)
    assert board.errors == [] and ann.errors == []  # type: ignore[attr-defined]


def test_an_undo_asked_of_the_table_refused_then_allowed(browser, served):
    """A phone asks to take back the last move; the other player refuses (nothing changes),
    then allows it (the move is gone); every screen shows the request meanwhile."""
    s = served("invicta")
    for mover in ("ann", "bob"):
        said(s, mover, s.app.table.view(mover)["you"]["legal"][0])
    events = len(s.app.table.session.record.events)
    ann = open_page(browser, s.urls["seats"]["ann"])
    bob = open_page(browser, s.urls["seats"]["bob"])
    board = open_page(browser, s.urls["table"], TABLE)
    for answer, left in (("Refuse", events), ("Allow", events - 1)):
        before = s.app.table.snapshot.version
        ann.locator("button.undo-ask").tap()
        wait_shown([ann, bob, board], landed(s, before))
        assert "ann asks to take back the last move" in board.locator(".undo-request").inner_text()
        before = s.app.table.snapshot.version
        bob.locator(".undo-request button", has_text=answer).tap()
        wait_shown([ann, bob, board], landed(s, before))
        assert len(s.app.table.session.record.events) == left
        assert board.locator(".undo-request").count() == 0
    assert [p.errors for p in (ann, bob, board)] == [[], [], []]  # type: ignore[attr-defined]


def test_an_undo_is_never_asked_past_a_reveal(tmp_path):
    """Cogito: a card played is judged aloud, so it cannot be asked back; no button."""
    from webtable import table

    app, _ = table(tmp_path, "cogito")
    seat = app.table.session.game.current
    assert app.table.command(seat, app.table.view(seat)["you"]["legal"][0]).ok
    assert app.table.view(seat)["undoable"] is False
    answer = app.table.command(seat, "undo please")
    assert not answer.ok and "cannot be taken back" in answer.messages[0]
    assert app.table.view(None)["undo_request"] is None


def test_invicta_a_position_come_round_is_warned_of_on_every_screen(browser, served):
    from webtable import INVICTA_REPEATED

    s = served("invicta")
    for i, move in enumerate(INVICTA_REPEATED):
        said(s, ("ann", "bob")[i % 2], move)
    pages = [open_page(browser, s.urls["table"], TV), open_page(browser, s.urls["seats"]["bob"])]
    pages.append(open_page(browser, s.urls["spectator"]))
    for page in pages:
        warned = page.locator(".repetition").inner_text()
        assert "occurred 2 times" in warned and "b2\u2011a3 would bring" in warned
    inside(pages[0], ".sq", TV)  # the board still whole beside it


@pytest.mark.slow
def test_the_table_screen_marks_the_computer_seats(browser, served):
    """Every game's drawing marks a seat the referee plays beside its player's name (the
    views' ``computers``): the table screen did not, and a table waited for a phone."""
    from referee.table.computer import ComputerSeats, RandomPlayer

    for game in sorted(listed.names()):
        s = served(game, computers=ComputerSeats({"bob": RandomPlayer(1)}), **GAMES.get(game, {}))
        assert s.app.table.view(None)["computers"] == ["bob"]
        board = open_page(browser, s.urls["table"], TABLE)
        marks = board.locator(".computer-mark")
        assert marks.count() == 1, game
        assert "bob computer" in marks.evaluate("e => e.parentElement.textContent"), game
        board.close()
