"""A seat's legal lines are exactly the moves the rules accept, said as a player says them.

Each line is said through the game's own session as that seat and must be
accepted; the set must equal every event the rules' checker allows (found by
trying every placement and every move, not by the generator the lines come from).
"""

import random

import pytest

from referee.invicta.board import SQUARES, Side
from referee.invicta.events import Move, Place
from referee.invicta.legal import legal_lines
from referee.invicta.notation import written
from referee.invicta.registration import REGISTRATION
from referee.invicta.setup import Blocked, Corners, HouseRules, Setup
from referee.table.record import Record
from referee.table.session import Refused, Session

RULES = [
    HouseRules(),
    HouseRules(corner_cut=True, corners=Corners.ONE),
    HouseRules(first=Side.BLACK, blocked=Blocked.LOSE),
]

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


def session_for(rules: HouseRules) -> Session:
    record = Record(REGISTRATION.kind, Setup("wendy", "bert", rules))
    return Session(record, REGISTRATION.commands())


def checked(game, side: Side) -> set[str]:
    """Every event of ``side`` the checker allows, tried one by one (a move only from a
    square holding a piece of ``side``: the checker refuses any other at once)."""
    events = [Place(side, s) for s in SQUARES]
    for origin, piece in game.board.items():
        if piece.side is side:
            events += [Move(side, origin, target) for target in SQUARES]
    return {written(event) for event in events if game.check(event) is None}


@pytest.mark.parametrize("rules", RULES, ids=["default", "corner_cut_one", "black_first_lose"])
def test_every_listed_line_is_accepted_and_the_list_is_what_the_rules_allow(rules):
    chance = random.Random(29)
    for _ in range(2):
        session = session_for(rules)
        for turn in range(50):
            game = session.game
            if game.finished:
                break
            seat = game.setup.player(game.to_move)
            other = game.setup.player(game.to_move.other)
            lines = legal_lines(game, seat)
            assert lines and len(set(lines)) == len(lines)
            assert legal_lines(game, other) == ()
            assert seat_view(game, seat)["you"]["legal"] == list(lines)
            assert seat_view(game, other)["you"]["legal"] == []
            if turn % 10 == 0:  # the brute-force check is slow: now and then
                assert set(lines) == checked(game, game.to_move)
            for line in chance.sample(lines, min(2, len(lines))):  # each said, then undone
                said = Session(session.record, session.commands).execute(line, seat)
                assert not any(isinstance(o, Refused) for o in said), (line, said)
            said = session.execute(chance.choice(lines), seat)
            assert not any(isinstance(o, Refused) for o in said)
        if session.game.finished:
            assert legal_lines(session.game, "wendy") == legal_lines(session.game, "bert") == ()


def test_every_line_of_a_position_is_accepted_through_the_session():
    """One position with lions on the edge, every line said (not a sample)."""
    session = session_for(HouseRules())
    for line in ["a1", "e5", "i10", "e6", "a5", "d4", "b1", "c3"]:
        session.execute(line, session.game.setup.player(session.game.to_move))
    game = session.game
    seat = game.setup.player(game.to_move)
    lines = legal_lines(game, seat)
    assert "a1-a4" in lines and "e5" not in lines and "a1" not in lines
    for line in lines:
        said = Session(session.record, session.commands).execute(line, seat)
        assert not any(isinstance(o, Refused) for o in said), line


def test_no_lines_after_the_end_or_for_someone_not_seated():
    session = session_for(HouseRules())
    assert legal_lines(session.game, "nobody") == ()
    for line in ["a2", "b9", "a3", "c9", "a4", "d9", "a5", "e9", "a6"]:
        session.execute(line, session.game.setup.player(session.game.to_move))
    assert session.game.finished
    assert legal_lines(session.game, "wendy") == legal_lines(session.game, "bert") == ()
