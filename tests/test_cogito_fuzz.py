"""Any sequence of commands at a Cogito table keeps the game whole.

Random deals and random lines (moves, views, undo, nonsense): every line
gets outcomes the renderer can show; the game always equals its record's
rebuild; no card is ever made or lost; nothing shows a Self card before
the game reveals it; and the true Self card always stays possible for the
aide (it can never be wrongly ruled out).
"""

import io

import pytest
from cogito_helpers import EXAMPLE_TEXT
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from referee.cogito import aide
from referee.cogito.commands import CogitoCommands
from referee.cogito.records import GAME
from referee.cogito.setup import HouseRules, Setup
from referee.cogito.terminal import CogitoRenderer
from referee.table.house import with_switch
from referee.table.record import Record, dumps, loads
from referee.table.session import Session

NAMES = ("alice", "bob", "carol", "dave")
CARDS = ("Plant", "Flower", "Tree", "Animal", "Bird", "Vertebrate", "Dream", "Ego", "Oak", "Moss")
SELVES = ("Casablanca", "Ego", "Tulip", "Oak", "Moss", "Salmon", "Sparrow", "Penguin", "Jellyfish")


def lines(players):
    p = st.sampled_from(players)
    n = st.integers(0, 3).map(str)
    return st.one_of(
        st.builds(lambda x: f"play {x}", st.one_of(n, st.sampled_from(CARDS))),
        st.builds(lambda x: f"play {x}", n),
        st.builds(lambda a, b: f"give {a} {b}", p, n),
        st.builds(lambda a, b: f"cogito {a} {b}", p, st.sampled_from(SELVES + ("Plant",))),
        st.builds(lambda a, b: f"cogito {a} {b}", p, p),
        st.builds(lambda x: f"iam {x}", st.sampled_from(SELVES)),
        st.sampled_from(["end", "undo", "table", "diagram", "rules", "review", "help", "", "x y"]),
        st.builds(lambda x: f"hand {x}", p),
        st.builds(lambda x: f"possible {x}", p),
    )


@st.composite
def games(draw):
    players = NAMES[: draw(st.integers(2, 4))]
    seed = draw(st.integers(0, 10_000))
    house = draw(st.sampled_from([(), ("dream_returns_ego=no",), ("aide_during_play=yes",)]))
    return players, seed, house


def sensible(game):
    """A line the game is waiting for (it may still be refused: a COGITO may be wrong)."""
    if game.calling:
        return st.builds(lambda x: f"iam {x}", st.sampled_from(SELVES))
    if game.current is not None:
        return st.builds(lambda n: f"play {n}", st.integers(1, 2))
    waiting = [s.name for s in game.active() if s.name not in game.giving]
    if waiting:
        return st.builds(lambda p, n: f"give {p} {n}", st.sampled_from(waiting), st.integers(1, 2))
    return st.just("end")


def check(session, out, shown):
    """``shown``: the Self cards revealed so far (an undo cannot take a sight back)."""
    game = session.game
    rebuilt = session.record.rebuild()
    assert rebuilt.summary() == game.summary()
    held = sum(len(s.hand) + len(s.field) for s in game.seats) + len(game.pile)
    assert held + len(game.seats) == game.diagram.size
    for seat, public in zip(game.seats, game.summary()["players"], strict=True):
        assert public["self"] == (seat.self_card if seat.revealed else None)
        if seat.playing:
            assert seat.self_card in aide.from_all_known(game, seat.name).possible
            assert seat.self_card in aide.from_field(game, seat.name).possible
    shown.update(s.self_card for s in game.seats if s.revealed)
    screen = out.file.getvalue()
    for seat in game.seats:
        if seat.self_card not in shown:
            assert f"Self card {seat.self_card}" not in screen
            assert f"Their Self card was {seat.self_card}" not in screen


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(games(), st.data())
def test_any_commands_keep_the_game_whole(case, data):
    players, seed, house = case
    rules = HouseRules()
    for h in house:
        rules = with_switch(rules, h)
    record = Record(GAME, Setup(players, seed, EXAMPLE_TEXT, "cogito-example.toml", "", rules))
    session = Session(record, CogitoCommands())
    out = Console(file=io.StringIO(), force_terminal=False, width=120)
    renderer = CogitoRenderer(out, session)
    shown: set[str] = set()
    for _ in range(data.draw(st.integers(0, 70))):
        if data.draw(st.integers(0, 9)) < 7:
            line = data.draw(sensible(session.game))
        else:
            line = data.draw(lines(players))
        before = session.record
        outcomes = session.execute(line)
        renderer.show(outcomes, session.record is not before)
        check(session, out, shown)
    again, game = loads(dumps(session.record, session.game), GAME)
    assert game.summary() == session.game.summary()
    if session.game.finished:
        review = aide.review(session.record)
        assert len(review.cogitos) == sum(e.TYPE == "cogito" for e in again.events)
