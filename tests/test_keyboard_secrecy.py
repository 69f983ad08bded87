"""A computer's seat is private at the shared terminal (issue 35).

At a terminal with ``--bots`` the people at the keyboard are the human players,
so nothing only a computer's seat sees may reach the screen. Checked as
non-interference: two games alike in everything the human (and the table)
may see, unlike in what only the computers hold (a card swapped between two
computers' hands, checked against the game's own seat views), must print the
same for every command of every game's language, said at the keyboard with
and without each computer's name, at several points of a game, and the same
opening screen. The terminal's flags that print hidden cards are on, and a
seat's moves are drawn openly, so that anything shown at all is printed.
"""

from __future__ import annotations

import io
from dataclasses import replace

import listed
import pytest

from referee.client.house import read_deck, setup_record
from referee.client.safe import TableConsole
from referee.games import GAMES
from referee.table.computer import Computer, RandomPlayer
from referee.table.errors import Refusal
from referee.table.refusals import Why
from referee.table.session import Refused, Session

OPTIONS = {
    "palmer": {"players": "ann,bob,cat", "seed": 5},
    "ergo": {"players": "ann,bob,cat", "seed": 7},
    "invicta": {"white": "ann", "black": "bob"},
    "cogito": {"players": "ann,bob,cat", "seed": 3},
}
HUMAN = "ann"


def swap_hidden(name: str, game) -> bool:
    """Swap one card between the computers' hands (bob's and cat's), in place; False when
    the game hides nothing there now (no two different cards to swap)."""
    if name in ("palmer", "ergo"):
        hands = game.hands
    elif name == "cogito":
        hands = {s.name: s.hand for s in game.seats}
    else:
        return False
    one, two = hands.get("bob", []), hands.get("cat", [])
    for i in range(min(len(one), len(two))):
        if one[i] != two[i]:
            one[i], two[i] = two[i], one[i]
            return True
    return False


def new_session(registration, computers=("bob", "cat")) -> Session:
    known = OPTIONS.get(registration.name)  # any other game of the list: its players named
    values = known or listed.options(registration, ("ann", "bob", "cat"))
    deck = read_deck(registration, None) if registration.decks is not None else None
    record = setup_record(registration, values, registration.house_rules(), deck)
    players = record.rebuild().players
    seats = tuple(Computer(p, 0) for p in players if p in computers)
    record = replace(record, computers=seats)
    return Session(record, registration.language(), record.rebuild())


def printed(registration, session: Session, line: str | None) -> str:
    """What the screen shows for ``line`` said at the keyboard (None: the opening)."""
    terminal = registration.terminal().game
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    flags = {f.name: True for f in terminal.flags}
    renderer = terminal.renderer(out, session, flags)
    renderer.session_is_a_seat = lambda: True  # a seat's moves drawn openly, not refused
    if line is None:
        terminal.opening(renderer, session.record, flags)
    else:
        before = session.record
        outcomes = session.execute(line)
        renderer.show(outcomes, session.record is not before)
    return out.file.getvalue()


def lines_to_try(registration, session: Session) -> list[str]:
    words = sorted(session.language(None) - {"quit", "save"})
    words += sorted(session.commands.aliases)
    names = sorted(session.record.computer_seats)
    tails = ["", "1", "yes"] + [n for n in names] + [f"{n} 1" for n in names]
    tails += [f"{n} yes" for n in names] + [f"{HUMAN} {n}" for n in names]
    return [f"{w} {t}".strip() for w in words for t in tails]


def twin(registration, record):
    """The game of ``record`` with one card swapped between the computers' hands, checked
    to differ from it in what the computers see and in nothing else (None: nothing to swap)."""
    ours, game = record.rebuild(), record.rebuild()
    if not swap_hidden(registration.name, game):
        return None
    view = registration.view
    assert view(game, HUMAN) == view(ours, HUMAN), "the swap shows at the human's seat"
    assert view(game, None) == view(ours, None), "the swap shows on the table"
    assert any(view(game, c) != view(ours, c) for c in record.computer_seats)
    return game


def screen(registration, record, line: str | None, swapped: bool = False) -> str:
    """What the keyboard's ``line`` prints in the game of ``record`` (``swapped``: its twin)."""
    game = twin(registration, record) if swapped else record.rebuild()
    return printed(registration, Session(record, registration.language(), game), line)


def forward(registration, session: Session, moves: int, rng: RandomPlayer) -> None:
    """Play ``moves`` lines, each seat saying one of its own legal moves."""
    for _ in range(moves):
        for seat in session.game.players:
            view = registration.view(session.game, seat)
            if view.get("finished"):
                return
            line = rng.choose(view)
            if line and not line.startswith("end"):
                session.execute(line, seat)
                break
        else:
            return


@pytest.mark.parametrize("registration", GAMES, ids=lambda g: g.name)
def test_nothing_a_computer_holds_reaches_the_shared_screen(registration):
    if registration.name not in OPTIONS:
        pytest.skip(f"{registration.name}: this test swaps what two computers hold, and knows "
                    "how only in the four games (swap_hidden)")  # fmt: skip
    session = new_session(registration)
    rng = RandomPlayer(11)
    checked = 0
    for point in range(5):
        record = session.record
        if twin(registration, record) is None:  # nothing hidden among the computers
            assert registration.name == "invicta" or point
        else:
            if point == 0:
                assert screen(registration, record, None) == screen(
                    registration, record, None, True
                )
            for line in lines_to_try(registration, session):
                where = f"after {len(record.events)} events, {line!r}"
                ours, theirs = (screen(registration, record, line, s) for s in (False, True))
                assert ours == theirs, where
                checked += 1
        forward(registration, session, 4, rng)
    assert registration.name == "invicta" or checked


@pytest.mark.parametrize("registration", GAMES, ids=lambda g: g.name)
def test_the_keyboard_speaks_for_its_people_only(registration):
    """A computer's seat named, or its move made, at the keyboard: refused with the reason."""
    session = new_session(registration, computers=("bob",))
    commands = session.commands
    for word in sorted(commands.owns & session.language(None)):
        said = session.execute(f"{word} bob")
        assert said == (Refused(reason=Refusal(Why.COMPUTERS_SEAT, "bob")),), word
    listed.needs_legal(registration)  # the human's moves, until it is the computer's turn
    while commands.mover(session.game) != "bob":  # ann's move, then it is bob's turn
        line = RandomPlayer(1).choose(registration.view(session.game, HUMAN))
        assert line, registration.name
        session.execute(line)
    for word in sorted(commands.turn_words):
        said = session.execute(f"{word} 1")
        assert said == (Refused(reason=Refusal(Why.COMPUTERS_TURN, "bob")),), word


def test_a_computers_refused_line_is_never_shown():
    """Only a line the table took is shown as the computer's: never one refused, nor why."""
    from referee.client.house import ComputerTurns
    from referee.table import loop
    from referee.table.computer import ComputerSeats

    registration = next(g for g in GAMES if g.name == "invicta")
    session = new_session(registration, computers=("bob",))

    class Secretive:
        def choose(self, view):
            return "play my-secret-card"

        def close(self):
            pass

    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    renderer = registration.terminal().game.renderer(out, session, {})
    turns = ComputerTurns(session, registration, ComputerSeats({"bob": Secretive()}), renderer)
    first = RandomPlayer(3).choose(registration.view(session.game, HUMAN))
    loop.run(session, turns.lines(iter([first])), lambda r, g: None, turns.show(renderer.show))
    shown = out.file.getvalue()
    assert "my-secret-card" not in shown and "refused" not in shown
    assert "bob (computer)> " in shown  # the player that took its place moved
    assert len(session.record.events) == 2
