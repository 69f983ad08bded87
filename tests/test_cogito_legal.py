"""A Cogito seat's legal lines: each one the rules accept from that seat, and no move missed.

Random games from fixed seeds (two to four players, a few house rules): at
every step each seat's lines are said, one by one, by that seat to a session
on the same record (``Session.execute(line, seat)``) and must be accepted;
every other line a seat could type that the rules accept makes an event one
of its listed lines makes too (or is a COGITO naming a card the seat sees
elsewhere). The game then moves on by one listed line.
"""

from __future__ import annotations

import copy
import random

import pytest
from cogito_helpers import EXAMPLE_TEXT, rigged, rules

from referee.cogito.legal import could_be_own, legal_lines
from referee.cogito.registration import REGISTRATION
from referee.cogito.setup import Setup
from referee.table.record import Record
from referee.table.session import Refused, Session

NAMES = ("ann", "bob", "cy", "dee")
HOUSES = ((), ("dream_returns_ego=no",), ("cogito_order=round",), ("last_one_standing_wins=yes",))

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


def fork(game):
    """A copy of ``game`` a trial line may change (its setup and cards shared: never changed)."""
    out = copy.copy(game)
    out.seats = [copy.copy(s) for s in game.seats]
    for seat in out.seats:
        seat.hand, seat.field, seat.played = list(seat.hand), list(seat.field), list(seat.played)
        seat.declarations, seat.seen = list(seat.declarations), set(seat.seen)
    out.pile, out.queue, out.calling = list(game.pile), list(game.queue), list(game.calling)
    out.giving, out._news = dict(game.giving), []
    return out


def said(session: Session, line: str, seat: str):
    """The event ``line`` makes when ``seat`` says it, or None when it is refused."""
    trial = Session(session.record, REGISTRATION.commands(), fork(session.game))
    outcomes = trial.execute(line, seat)
    if any(isinstance(o, Refused) for o in outcomes):
        return None
    assert len(trial.record.events) == len(session.record.events) + 1, line
    return trial.record.events[-1]


def typed(game, seat: str) -> list[str]:
    """Lines a player could type for a move: every position, every Self card, every form."""
    me = game.seat(seat)
    numbers = range(1, len(me.hand) + 2)
    selves = game.diagram.self_names
    return [
        *(f"play {i}" for i in numbers),
        *(f"give {seat} {i}" for i in numbers),
        *(f"give {i}" for i in numbers),
        *(f"cogito {seat} {s}" for s in selves),
        *(f"iam {s}" for s in selves),
        f"cogito {seat}",
    ]


def check_seat(session: Session, seat: str) -> list[str]:
    game = session.game
    lines = legal_lines(game, seat)
    assert len(set(lines)) == len(lines)
    assert seat_view(game, seat)["you"]["legal"] == list(lines)
    made = []
    for line in lines:
        event = said(session, line, seat)
        assert event is not None, (seat, line, game.summary())
        made.append(event)
    assert len(set(made)) == len(made), lines  # each distinct move once
    could = could_be_own(game, game.seat(seat))
    for line in typed(game, seat):
        event = said(session, line, seat)
        if event is None or event in made:
            continue
        if event.TYPE == "cogito" and event.named not in could:
            continue  # a card the seat sees elsewhere: accepted, never its own
        if event.TYPE == "declare" and line == f"cogito {seat}" and not game.calling:
            continue  # the same COGITO as ``cogito NAME CARD``, said in two lines
        raise AssertionError((seat, line, event, lines))
    return list(lines)


def play_out(session: Session, rng: random.Random, steps: int = 60) -> int:
    """Check every seat at every step, then move on by one listed line; the lines checked."""
    checked = 0
    for _ in range(steps):
        game = session.game
        if game.finished:
            break
        before = game.summary()
        options = {p: check_seat(session, p) for p in game.players}
        assert game.summary() == before  # the trials changed only their copies
        checked += sum(len(v) for v in options.values())
        moves = [(p, line) for p, lines in options.items() for line in lines]
        quiet = [(p, line) for p, line in moves if not line.startswith("cogito")]
        if quiet and rng.random() < 0.95:
            seat, line = rng.choice(quiet)
        elif moves and rng.random() < 0.5:
            seat, line = rng.choice(moves)
            if not game.calling and rng.random() < 0.5:
                line = f"cogito {seat}"  # declared now, named in a later line: the game stops
        else:
            seat, line = None, "end"  # the last call, or the table gives up
        before = len(session.record.events)
        outcomes = session.execute(line, seat)
        assert not any(isinstance(o, Refused) for o in outcomes) or line == "end", line
        assert seat is None or len(session.record.events) == before + 1
    return checked


@pytest.mark.parametrize("batch", range(4))
def test_every_listed_line_is_accepted_and_no_move_is_missed(batch):
    checked = 0
    for number in range(3):
        game_seed = batch * 100 + number
        rng = random.Random(f"cogito legal {game_seed}")
        players = NAMES[: 2 + game_seed % 3]
        house = rules(*HOUSES[number % len(HOUSES)])
        setup = Setup(players, game_seed, EXAMPLE_TEXT, "cogito-example.toml", "", house)
        session = Session(Record(REGISTRATION.kind, setup), REGISTRATION.commands())
        checked += play_out(session, rng)
    assert checked > 300


def test_a_seat_waits_its_turn_and_names_its_card_when_the_game_stops_for_it():
    game = rigged(
        {"ann": "Oak", "bob": "Salmon", "cy": "Moss"},
        {"ann": ["Plant", "Plant"], "bob": ["Tulip", "Ego"], "cy": ["Dream", "Bird"]},
        ["Animal", "Flower", "Tree", "Vertebrate", "Casablanca", "Sparrow"],
    )
    session = Session(Record(REGISTRATION.kind, game.setup), REGISTRATION.commands(), game)
    # ann's two Plants are one move; what she sees elsewhere is never hers
    could = ("Casablanca", "Ego", "Tulip", "Oak", "Sparrow", "Penguin", "Jellyfish")
    assert legal_lines(game, "ann") == ("play 1", *(f"cogito ann {s}" for s in could))
    assert not any(line.startswith("play") for line in legal_lines(game, "bob"))
    assert "cogito bob Tulip" not in legal_lines(game, "bob")  # in bob's hand
    session.execute("cogito cy", "cy")  # cy declares, and must now name a card
    assert all(line.startswith("cogito cy ") for line in legal_lines(game, "cy"))
    assert legal_lines(game, "ann") == ("cogito ann",)  # ann may only join the line
    session.execute("cogito ann", "ann")
    assert legal_lines(game, "ann") == ()  # she names after cy
    session.execute("cogito cy Oak", "cy")  # wrong: cy is out, ann names next
    assert legal_lines(game, "cy") == ()
    assert all(line.startswith("cogito ann ") for line in legal_lines(game, "ann"))


def test_at_the_last_call_a_seat_may_end_the_game_in_a_tie():
    """``end`` is the last call's own move (the view's ``moves`` offers it): a player who
    is not sure has a listed line other than a guess (issue 39: a computer's ``end``
    was refused as unlisted)."""
    game = rigged(
        {"ann": "Oak", "bob": "Salmon", "cy": "Moss"},
        {"ann": ["Plant"], "bob": ["Tulip"], "cy": ["Bird"]},
        [],
    )
    session = Session(Record(REGISTRATION.kind, game.setup), REGISTRATION.commands(), game)
    assert "end" not in legal_lines(game, "ann")  # a move of the last call only
    for seat, line in (("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1")):
        session.execute(line, seat)
    assert session.game.phase.value == "last_call"
    assert check_seat(session, "ann")[0] == "end"  # listed, and the rules take it
    assert seat_view(session.game, "ann")["you"]["legal"][0] == "end"
    session.execute("end", "ann")
    assert session.game.finished and session.game.winner is None
