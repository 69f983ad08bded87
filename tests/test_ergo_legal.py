"""Ergo's legal moves: every listed line is accepted when its seat says it, and random games
played only from the list reach their end (it is never empty when a seat must act)."""

import random
from collections import Counter
from copy import deepcopy
from itertools import product

import pytest

from referee.ergo.cards import Face, ProofCard
from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.events import Score
from referee.ergo.legal import CHAR_FACE, FACE_CHAR, _well_formed, legal_lines, moves, turn_of
from referee.ergo.outcomes import PlacementRefused
from referee.ergo.proof import Placed, PlacementError
from referee.ergo.records import GAME
from referee.ergo.registration import REGISTRATION
from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup
from referee.ergo.syntax import SyntaxViolation, first_violation
from referee.table.record import Record
from referee.table.session import Refused, Session

NAMES = ("ann", "bob", "cat", "dan")

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


def session(players: int, seed: int, mode: Mode = Mode.DEALT, win: int = 50, **house) -> Session:
    seats = tuple(Seat(name, "ABCD"[i]) for i, name in enumerate(NAMES[:players]))
    rules = HouseRules()
    for key, value in house.items():
        rules = rules.with_switch(f"{key}={value}")
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    setup = Setup(Settings(seats, mode, seed, win), rules, text, "english.toml")
    return Session(Record(GAME, setup), ErgoCommands())


def refused(outcomes) -> list:
    return [o for o in outcomes if isinstance(o, (Refused, PlacementRefused))]


def play_out(s: Session, rng: random.Random, steps: int = 2000, check_every: int = 0) -> None:
    for step in range(steps):
        if s.game.finished:
            return
        seat = s.game.player
        lines = legal_lines(s.game, seat)
        assert lines, (s.game.proof.texts(), s.game.hand(seat))
        for other in s.game.players:
            if other != seat:
                assert legal_lines(s.game, other) == ()
        if check_every and step % check_every == 0:
            for line in lines:  # each on a copy of the game, as that seat
                copy = Session(s.record, ErgoCommands(), deepcopy(s.game))
                assert not refused(copy.execute(line, seat)), line
        line = rng.choice(lines)
        assert not refused(s.execute(line, seat)), line
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(2))
def test_every_listed_line_is_accepted(seed):
    s = session(2 + seed % 3, seed, win=15)
    play_out(s, random.Random(seed), check_every=12)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_from_the_list_reach_the_end(seed):
    house = {"fallacy_blocks": "changing", "then_chain": "refuse"} if seed % 2 else {}
    s = session(2 + seed % 3, 100 + seed, **house)
    play_out(s, random.Random(seed))
    assert s.game.finished


def test_table_mode_lines_are_accepted():
    s = session(3, 7, Mode.TABLE, win=10)
    play_out(s, random.Random(7), check_every=25)


def test_the_seat_view_lists_them_and_the_table_view_does_not():
    s = session(2, 3)
    seat = s.game.player
    assert seat_view(s.game, seat)["you"]["legal"] == list(legal_lines(s.game, seat))
    other = next(p for p in s.game.players if p != seat)
    assert seat_view(s.game, other)["you"]["legal"] == []
    assert "you" not in seat_view(s.game, None)


def _every_placement(game) -> set:
    """Brute force: every Proof one or two cards of the hand can make, at every place."""
    hand = Counter(game.hand())
    options = [(c, f) for c in hand for f in c.faces]
    n = len(game.proof.premises)
    places = [(p, g) for p in range(1, n + 1) for g in range(len(game.proof.premises[p - 1]) + 1)]
    places += [(n + 1, 0), (n + 2, 0)]
    seqs = [[o] for o in options]
    if game.plays_left >= 2:
        seqs += [[a, b] for a in options for b in options]
    out = set()
    for seq in seqs:
        used = Counter(c for c, _ in seq)
        faces = Counter(f for _, f in seq)
        if any(used[c] > hand[c] for c in used) or faces[Face.OPEN] != faces[Face.CLOSE]:
            continue
        for where in product(places, repeat=len(seq)):
            placed = [
                Placed(ProofCard(c, f), p, g) for (c, f), (p, g) in zip(seq, where, strict=True)
            ]
            try:
                proof = game.proof.insert(placed)
                proof.check(game.rules.reading)
            except (PlacementError, SyntaxViolation):
                continue
            out.add(proof.premises)
    return out


def test_no_placement_is_missing():
    s, rng, checked = session(3, 71), random.Random(1), 0
    for step in range(200):
        game = s.game
        if game.finished:
            break
        seat = game.player
        if step % 6 == 0 and seat not in game.fallacy:
            listed = {p.premises for line, p in moves(turn_of(game, seat)) if line[:4] == "play"}
            assert listed == _every_placement(game), game.proof.texts()
            checked += 1
        s.execute(rng.choice(legal_lines(game, seat)), seat)
    assert checked > 10


def test_premises_judged_as_characters_as_the_card_rules_judge_them():
    """The lists judge premises by their faces as characters (a forbidden neighbour, the
    parentheses' depth): the same verdict as the card rules' own scan, on every premise
    of up to five cards and on long ones."""
    chars = "".join(FACE_CHAR[f] for f in Face)
    rng = random.Random(5)
    premises = [c for n in range(6) for c in map("".join, product(chars, repeat=n))]
    for _ in range(3000):  # long well-formed premises, and each with one card changed
        code = _formula(rng, 4)
        at = rng.randrange(len(code) + 1)
        premises += [code, code[:at] + rng.choice(chars) + code[at:], code[:at] + code[at + 1 :]]
    premises += ["(" * 100 + "A" + ")" * 100, "A&" * 100 + "A"]  # at and past the length limit
    for code in premises:
        expected = first_violation(tuple(CHAR_FACE[c] for c in code)) is None
        assert _well_formed(code) == expected, code


def _formula(rng: random.Random, depth: int) -> str:
    """A well-formed premise's characters: operands (a variable or a parenthesis, perhaps
    after a NOT) joined by operators, nested up to ``depth``."""
    operands = []
    for _ in range(rng.randrange(1, 4)):
        inner = rng.choice("ABCD") if depth == 0 or rng.random() < 0.5 else None
        operand = inner or "(" + _formula(rng, depth - 1) + ")"
        operands.append(rng.choice(["", "~"]) + operand)
    return "".join(o + rng.choice("&|>") for o in operands[:-1]) + operands[-1]


def test_why_just_after_a_round_ends_says_what_the_record_replayed_says():
    """``why`` right after a round is scored reads the game as it stands (a web table asks
    for it at every round's end); the same ruling as a session rebuilt from the record."""
    s, rng, rounds = session(3, 11), random.Random(11), 0
    while rounds < 2 and not s.game.finished:
        seat = s.game.player
        s.execute(rng.choice(legal_lines(s.game, seat)), seat)
        if isinstance(s.record.events[-1], Score):
            rounds += 1
            replayed = Session(s.record, ErgoCommands())
            assert s.execute("why") == replayed.execute("why")
            assert s.execute("why A") == replayed.execute("why A")
    assert rounds == 2
