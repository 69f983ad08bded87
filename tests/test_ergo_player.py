"""Ergo's computer players: given nothing but their seat's view (as JSON), they only say
lines the rules accept, at every level, in fixed-seed games."""

import json
from copy import deepcopy

import pytest
from test_ergo_legal import refused, session

from referee.ergo.commands import ErgoCommands
from referee.ergo.player import DEFAULT_LEVEL, after, computer_player, hand_of, proof_of
from referee.ergo.registration import REGISTRATION
from referee.table.computer import RandomPlayer
from referee.table.session import Session

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


def test_the_players_truth_masks_are_the_truth_tables_of_the_readings():
    import random

    from referee.ergo.cards import Face
    from referee.ergo.player import NAMES, truth_mask
    from referee.ergo.reading import ReadingRules, ThenChain, read_premise
    from referee.logic.truthtable import row_mask

    rng = random.Random(7)
    faces = list(Face)

    def operand(depth):
        roll = rng.random()
        nots = [Face.NOT] if rng.random() < 0.3 else []
        if depth < 3 and roll < 0.3:
            return [*nots, Face.OPEN, *premise(depth + 1), Face.CLOSE]
        return [*nots, rng.choice(faces[:4])]

    def premise(depth=0):
        out = operand(depth)
        for _ in range(rng.randrange(4)):
            out += [rng.choice(faces[4:7]), *operand(depth)]
        return out

    for rules in (ReadingRules(), ReadingRules(then_chain=ThenChain.LEFT)):
        for k in range(600):
            row = tuple(premise() if k % 3 else rng.choices(faces, k=rng.randrange(1, 8)))
            try:
                expected = row_mask(read_premise(row, rules), NAMES)
            except ValueError:
                expected = None
            assert truth_mask(row, rules) == expected, row


# ------------------------------------------------------------------ special cards that pay


def position(players, hand, premises, pile=None, fallacy=None):
    """A dealt game at its first player's turn (ann, variable A), set as given: the Proof
    (premises in card words), ann's hand, the pile's size and who is under a Fallacy."""
    from referee.ergo.cards import Card, Face
    from referee.ergo.proof import proof_of_faces

    s = session(players, 1)
    game = s.game
    game.proof = proof_of_faces([[Face(w) for w in p.split()] for p in premises])
    game.hands["ann"] = [Card(c) for c in hand]
    if pile is not None:
        game.pile, game.pile_count = game.pile[:pile], pile
        game.last_drawn = pile == 0
    for name in fallacy or ():
        game.fallacy[name] = 1
        game.in_front[name].append(Card.FALLACY)
        game.blocked = game.blocked or name == "ann"
    return s


@pytest.mark.parametrize(
    ("players", "hand", "premises", "pile", "fallacy", "word"),
    [
        # The round's last turn. Tabula Rasa: B's premise goes, and only A is proven.
        (
            3,
            ["TABULA_RASA", "AND", "OR", "THEN", "AND", "OR", "FALLACY"],
            ["A", "B"],
            0,
            (),
            "tabula",
        ),
        # Revolution: A and B swap, A proven and B disproven.
        (
            3,
            ["REVOLUTION", "AND", "OR", "THEN", "AND", "OR", "THEN"],
            ["B", "NOT A"],
            0,
            (),
            "revolution",
        ),
        # Fallacy: bob's last turn of the round could only break A's proof by placing.
        (2, ["FALLACY", "AND", "OR", "THEN", "AND", "OR", "THEN"], ["A"], 2, (), "fallacy"),
        # Justification: ann, under a Fallacy, may then place A and prove it alone.
        (
            2,
            ["JUSTIFICATION", "A", "AND", "OR", "THEN", "AND", "OR"],
            ["D"],
            None,
            ("ann",),
            "justify",
        ),
    ],
)
def test_the_default_plays_a_special_card_where_it_pays(
    players, hand, premises, pile, fallacy, word
):
    s = position(players, hand, premises, pile, fallacy)
    view = json.loads(json.dumps(seat_view(s.game, "ann")))
    greedy = [line for line in view["you"]["legal"] if line.split()[0] == word]
    assert greedy, view["you"]["legal"]
    for seed in (1, 2, 3):
        line = computer_player(DEFAULT_LEVEL, seed).choose(view)
        assert line.split()[0] == word, (seed, line)
    assert not refused(Session(s.record, ErgoCommands(), deepcopy(s.game)).execute(line, "ann"))
