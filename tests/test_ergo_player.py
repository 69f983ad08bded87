"""Ergo's computer players: given nothing but their seat's view (as JSON), they only say
lines the rules accept, at every level, in fixed-seed games."""

import json

import pytest
from test_ergo_legal import refused, session

from referee.ergo.player import DEFAULT_LEVEL, after, computer_player, hand_of, proof_of
from referee.ergo.registration import REGISTRATION
from referee.table.computer import RandomPlayer

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


def match(levels, seed, win=8, players=2):
    s = session(players, seed, win=win)
    pairs = zip(s.game.players, levels, strict=False)
    bots = {name: computer_player(level, seed + i) for i, (name, level) in enumerate(pairs)}
    for _ in range(1500):
        if s.game.finished:
            return s
        seat = s.game.player
        view = json.loads(json.dumps(seat_view(s.game, seat)))  # only what the seat door sends
        line = bots[seat].choose(view)
        assert line in view["you"]["legal"]
        assert not refused(s.execute(line, seat)), line
    raise AssertionError("the match did not end")


def test_level_zero_is_the_random_player():
    assert isinstance(computer_player(0, 1), RandomPlayer)


@pytest.mark.parametrize("levels", [(1, 0), (DEFAULT_LEVEL, 1)])
def test_bots_never_send_a_refused_line(levels):
    assert match(levels, 5).game.finished


def test_a_seat_with_nothing_to_do_says_nothing():
    s = session(2, 3)
    other = next(p for p in s.game.players if p != s.game.player)
    view = json.loads(json.dumps(seat_view(s.game, other)))
    assert computer_player(DEFAULT_LEVEL, 1).choose(view) is None


def test_the_player_reads_the_proof_back_from_the_view():
    s = session(2, 11)
    seat = s.game.player
    view = json.loads(json.dumps(seat_view(s.game, seat)))
    assert proof_of(view) == s.game.proof
    assert hand_of(view) == s.game.hand(seat)
    for line in view["you"]["legal"][:40]:
        left = after(line, proof_of(view), hand_of(view))
        if line.startswith("play"):
            assert left is not None and left.cards > s.game.proof.cards


def test_the_players_points_are_the_rulings():
    import random

    from test_ergo_legal import legal_lines

    from referee.ergo.player import points
    from referee.ergo.reading import DEFAULT_READING
    from referee.ergo.ruling import decide

    s, rng, seen = session(3, 2), random.Random(2), 0
    while not s.game.finished and seen < 60:
        g = s.game
        if g.proof.premises:
            given = decide(g.proof.formulas(), g.proof.cards).points()
            assert points(g.proof.faces, DEFAULT_READING) == tuple(given[v] for v in "ABCD")
            seen += 1
        s.execute(rng.choice(legal_lines(g, g.player)), g.player)
