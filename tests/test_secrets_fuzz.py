"""Random games of Cogito and dealt Ergo: the shared screen never shows a secret (issue 19).

A hand is drawn on the terminal's alternate screen (``private_screen``), which
only its owner looks at; everything else a command prints lands on the screen
the whole table sees. These games drive the real session and renderer with
random command sequences (moves that fit the game, views, undo, mistakes, and
``hand NAME`` answered as the owner would) and split what was written at the
alternate-screen switches. After every command the table's part must hold:

* Cogito: no Self card of a seat the table may not see yet (still in play,
  game not over), and no card of a hand that is in no field (face up on the
  table) and that the line did not name itself;
* dealt Ergo: no drawing of any hand (``NAME's hand: 1:...``).

The same games check each seat's view (what the web table sends a phone):
outside its ``you`` part, a seat's view holds only what the table may see plus
the others' Self cards; its ``you`` part holds no card of another's hand and
never the seat's own Self card.

The private part may hold them (that is what it is for). Bounded and
deterministic: fixed seeds, a few hundred commands, a few seconds.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import referee.client.house  # noqa: F401  (imported before the patch below: it keeps its own name)
import referee.client.table_io as table_io
from referee.cli.main import main
from referee.client.private_screen import ENTER, LEAVE
from referee.table.record import loads
from referee.table.session import Session

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]")


class Screens:
    """What was written, split at the alternate-screen switches into table and private."""

    def __init__(self) -> None:
        self.file = io.StringIO()
        self.out = Console(file=self.file, force_terminal=True, width=80, color_system=None)
        self.out.input = lambda *a, **k: ""  # the owner (and then the table) presses Enter
        self.read = 0

    def since_last(self) -> tuple[str, str]:
        text = self.file.getvalue()[self.read :]
        self.read = len(self.file.getvalue())
        shared, private, on = [], [], False
        for piece in re.split(f"({re.escape(ENTER)}|{re.escape(LEAVE)})", text):
            if piece in (ENTER, LEAVE):
                on = piece == ENTER
            else:
                (private if on else shared).append(piece)
        assert not on, "the alternate screen was left on"
        return ANSI.sub("", "".join(shared)), ANSI.sub("", "".join(private))


def started(tmp_path: Path, game: str, args: list[str]):
    path = tmp_path / f"{game}-{len(list(tmp_path.iterdir()))}.json"
    result = CliRunner().invoke(main, [game, "play", *args, "--record", str(path)], "quit\n")
    assert result.exit_code == 0, result.output
    if game == "cogito":
        from referee.cogito.records import GAME
    else:
        from referee.ergo.records import GAME
    return loads(path.read_text("utf-8"), GAME)


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def strings(view, skip=("self_cards",)) -> set[str]:
    """Every text in a seat's view, outside the keys named in ``skip``."""
    if isinstance(view, dict):
        return set().union(*(strings(v, skip) for k, v in view.items() if k not in skip))
    if isinstance(view, list):
        return set().union(*(strings(v, skip) for v in view))
    return {view} if isinstance(view, str) else set()


# ------------------------------------------------------------------ Cogito

VIEWS_THAT_LIST_THE_DECK = ("help", "rules", "diagram", "possible", "review")


def cogito_line(rng: random.Random, game) -> str:
    names = [s.name for s in game.seats]
    who = game.current or rng.choice(names)
    roll = rng.random()
    if roll < 0.35 and game.current:
        return f"play {rng.randint(1, 3)}"
    if roll < 0.38:
        return f"cogito {who} {rng.choice([name for name, _ in game.diagram.selves])}"
    if roll < 0.58:
        return f"give {rng.choice(names)} {rng.randint(1, 3)}"
    if roll < 0.8:
        return f"hand {rng.choice(names)}"
    return rng.choice(
        ["undo", "table", "end", "iam", "help", "possible " + who, "diagram", "play Plant"]
        + ["give " + who + " Plant", "review", "rules", "play 9", "cogito"]
    )


def cogito_secrets(game, line: str) -> set[str]:
    """Names the table may not see now: unrevealed Self cards, cards only in hands."""
    hidden = set()
    if not game.finished:
        hidden |= {s.self_card for s in game.seats if not s.revealed}
    in_fields = {p.card for s in game.seats for p in s.field}
    hidden |= {c for s in game.seats for c in s.hand} - in_fields
    return hidden - words(line)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cogito_random_games_show_no_secret_on_the_shared_screen(tmp_path, monkeypatch, seed):
    from referee.cogito.commands import CogitoCommands
    from referee.cogito.terminal import CogitoRenderer

    monkeypatch.setattr(table_io, "can_show_privately", lambda out: True)
    rng = random.Random(f"cogito secrets {seed}")
    screens = Screens()
    hands_seen = commands = 0
    for game_number in range(20):  # new games until enough commands were tried
        players = ["alice", "bob", "carol", "dave"][: 3 + game_number % 2]
        record, state = started(
            tmp_path, "cogito", ["--players", ",".join(players), "--seed", f"{seed}{game_number}"]
        )
        session = Session(record, CogitoCommands(), state)
        renderer = CogitoRenderer(screens.out, session)
        while not session.game.finished and commands < 300:
            commands += 1
            line = cogito_line(rng, session.game)
            hidden_before = cogito_secrets(session.game, line)
            at_start = session.record
            renderer.show(session.execute(line), session.record is not at_start)
            shared, private = screens.since_last()
            if line.split()[0] in VIEWS_THAT_LIST_THE_DECK:
                continue  # they list every card of the deck by name, whoever holds it
            # A secret before and after the command must not be on the table's screen.
            leaked = (hidden_before & cogito_secrets(session.game, line)) & words(shared)
            assert not leaked, (line, sorted(leaked), shared[-600:])
            if private:
                hands_seen += 1
                assert "On the others' holders" in private, private
            seat_views_keep_secrets(session.game)
        if commands >= 300:
            break
    assert hands_seen > 20  # the private screen was exercised, not only the table's


def seat_views_keep_secrets(game) -> None:
    from referee.cogito.views import seat_view

    # A card revealed once stays in the table's history (``played``), wherever Dream sent it
    # since: every seat saw it.
    hidden = cogito_secrets(game, "") - {p.card for s in game.seats for p in s.played}
    for seat in [None, *(s.name for s in game.seats)]:
        view = seat_view(game, seat)
        me = None if seat is None else game.seat(seat)
        sees = {s.self_card for s in game.seats if seat is not None and s is not me}
        # the deck (Self cards and diagram) names every card, whoever holds it
        shown = strings(view, ("self_cards", "diagram", "you")) & (hidden - sees)
        assert not shown, (seat, sorted(shown))
        if me is not None:
            others = {c for s in game.seats if s is not me for c in s.hand} - set(me.hand)
            own = {me.self_card} if me.self_card in hidden else set()
            leaked = strings(view["you"]) & ((others & hidden) | own)
            assert not leaked, (seat, sorted(leaked))


# ------------------------------------------------------------------ dealt Ergo


def ergo_line(rng: random.Random, game) -> str:
    hand = game.hand()
    roll = rng.random()
    if roll < 0.45 and hand:
        card = rng.choice(hand)
        target = f" at {rng.randint(1, 4)}:0" if rng.random() < 0.3 else ""
        return f"play {card.value}{target}"
    if roll < 0.6 and hand:
        return f"discard {rng.choice(hand).value}"
    if roll < 0.75:
        return f"hand {rng.choice(list(game.players))}"
    return rng.choice(["undo", "proof", "scores", "help", "why", "ergo", "play A", "discard"])


def ergo_views_keep_hands(game) -> None:
    """A seat's view counts the others' hands and lists only its own."""
    from referee.ergo.views import seat_view

    for seat in [None, *game.players]:
        view = seat_view(game, seat)
        assert all(isinstance(p["hand"], int) for p in view["players"]), seat
        if seat is None:
            assert "you" not in view
        else:
            labels = [c.label for c in game.hand(seat)]
            assert [c["label"] for c in view["you"]["hand"]] == labels, seat


HAND_DRAWN = re.compile(r"'s hand: |\b1:\S+\s+2:\S+")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dealt_ergo_random_games_show_no_hand_on_the_shared_screen(tmp_path, seed):
    from referee.ergo.commands import ErgoCommands
    from referee.ergo.terminal import ErgoRenderer

    players = ["ann", "bob", "cat", "dan"][: 2 + seed % 3]
    record, state = started(tmp_path, "ergo", ["--players", ",".join(players), "--seed", str(seed)])
    assert state.dealt
    session = Session(record, ErgoCommands(), state)
    screens = Screens()
    renderer = ErgoRenderer(screens.out, session, private=True, ask=lambda prompt: "")
    rng = random.Random(f"ergo secrets {seed}")
    hands_seen = 0
    for _ in range(300):
        if session.game.finished:
            break
        line = ergo_line(rng, session.game)
        at_start = session.record
        outcomes = session.execute(line)
        renderer.show(outcomes, session.record is not at_start)
        shared, private = screens.since_last()
        assert not HAND_DRAWN.search(shared), (line, shared[-600:])
        if private:
            hands_seen += 1
            assert HAND_DRAWN.search(private), private
        ergo_views_keep_hands(session.game)
    assert hands_seen > 5
