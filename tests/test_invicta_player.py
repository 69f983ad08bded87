"""Invicta's computer players: legal lines only, wins taken, wins blocked, the view alone.

The search's own board (:mod:`referee.invicta.position`) is held to the rules:
the same legal moves, the same wins, and make/unmake leaving nothing behind.
"""

import copy
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.invicta.legal import legal_lines
from referee.invicta.player import DEFAULT_LEVEL, computer_player
from referee.invicta.position import Position, line_of
from referee.invicta.registration import REGISTRATION
from referee.invicta.search import Budgets
from referee.invicta.setup import Blocked, Corners, HouseRules, Setup
from referee.table.computer import RandomPlayer
from referee.table.record import Record
from referee.table.session import Refused, Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bots_invicta import play, wilson  # noqa: E402

RULES = [HouseRules(), HouseRules(corner_cut=True, corners=Corners.ONE, blocked=Blocked.LOSE)]
# Small node budgets for the searching player in these tests (its moves stay deterministic).
SMALL = Budgets(vcf=300, vct=400, threat=300, search=300, safety=200, tries=2, zone=2)

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


def session_for(rules: HouseRules | None = None) -> Session:
    return Session(
        Record(REGISTRATION.kind, Setup("white", "black", rules or HouseRules())),
        REGISTRATION.commands(),
    )


def said(session: Session, lines: str) -> Session:
    for line in lines.split():
        outcomes = session.execute(line, session.game.to_move.value)
        assert not any(isinstance(o, Refused) for o in outcomes), line
    return session


def fast(level: int, seed: int = 0):
    player = computer_player(level, seed)
    if hasattr(player, "searcher"):
        player.searcher.budgets = SMALL
    return player


# ------------------------------------------------------------ the search's board


@pytest.mark.parametrize("rules", RULES, ids=["default", "corner_cut_one_lose"])
def test_the_search_board_moves_and_wins_as_the_rules_do(rules):
    chance = random.Random(7)
    for _ in range(4):
        session = session_for(rules)
        while not session.game.finished and session.game.moves < 60:
            game = session.game
            side = game.to_move
            view = seat_view(game, side.value)
            pos = Position.from_view(view)
            moves = pos.moves()
            assert sorted(line_of(m) for m in moves) == sorted(view["you"]["legal"])
            before = (pos.hash, pos.score, list(pos.cells), dict(pos.fives))
            for move in chance.sample(moves, min(6, len(moves))):
                trial = copy.copy(game)
                trial.board, trial.in_hand, trial.seen = (
                    dict(game.board),
                    dict(game.in_hand),
                    Counter(),
                )
                trial.apply(as_event(line_of(move), game))
                undo = pos.make(move)
                assert pos.won(side_of(side)) == (trial.winner is not None)
                if not trial.finished and trial.to_move is not side:
                    assert pos.hash == Position.from_view(seat_view(trial, None)).hash
                pos.unmake(undo)
            assert (pos.hash, pos.score, pos.cells, pos.fives) == before
            win = pos.winning_move(pos.to_move)
            if win is not None:
                said(session, line_of(win))
                assert session.game.winner is side
                break
            said(session, chance.choice(view["you"]["legal"]))


def side_of(side) -> int:
    return 1 if side.value == "white" else -1


def as_event(line: str, game):
    from referee.invicta.notation import as_event as notation_event
    from referee.invicta.notation import parse_move

    return notation_event(parse_move(line), game.to_move)


def constructed(pieces: str, to_move: str, hands=(0, 0)):
    """A game set out by hand: ``pieces`` as ``Wb2 Bc4 wa1`` (capital: hollow, small: lion)."""
    from referee.invicta.board import Kind, Piece, Side, Square
    from referee.invicta.state import Game

    game = Game.new(Setup("white", "black"))
    for word in pieces.split():
        side = Side.WHITE if word[0] in "Ww" else Side.BLACK
        kind = Kind.HOLLOW if word[0].isupper() else Kind.LION
        game.board[Square.parse(word[1:])] = Piece(side, kind)
    game.in_hand = {Side.WHITE: hands[0], Side.BLACK: hands[1]}
    game.to_move = Side(to_move)
    return game


# ------------------------------------------------------------ the players


@pytest.mark.parametrize("level", [0, 1, DEFAULT_LEVEL])
def test_a_player_never_says_a_refused_line(level):
    for seed in range(2):
        me, other = fast(level, seed), RandomPlayer(100 + seed)
        white, black = (me, other) if seed % 2 == 0 else (other, me)
        winner, _, refused = play(white, black, seed)
        assert refused == 0


def random_views(count: int, seed: int):
    """Views of the side to move at random points of random games (both sets of house
    rules), with the games they come from."""
    chance = random.Random(seed)
    found = []
    for k in range(count):
        session = session_for(RULES[k % 2])
        for _ in range(chance.randint(0, 70)):
            game = session.game
            if game.finished:
                break
            lines = seat_view(game, game.to_move.value)["you"]["legal"]
            if not lines:
                break
            said(session, chance.choice(lines))
        game = session.game
        if not game.finished:
            found.append((game, seat_view(game, game.to_move.value)))
    return found


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_a_player_answers_random_positions_with_legal_moves_only(level):
    for game, view in random_views(24, seed=39 + level):
        seat = game.to_move.value
        assert fast(level, 7).choose(json.loads(json.dumps(view))) in legal_lines(game, seat)


def test_the_same_view_and_seed_give_the_same_move():
    """Two players of one seed, one fresh and one that has played other positions, choose
    the same move for the same view, read as JSON; the search counts nodes, not time."""
    views = [view for _, view in random_views(6, seed=5)]
    busy = fast(DEFAULT_LEVEL, 11)
    for view in reversed(views):
        busy.choose(view)
    for view in views:
        fresh = fast(DEFAULT_LEVEL, 11).choose(json.loads(json.dumps(view)))
        assert busy.choose(view) == fresh


def test_level_zero_is_the_shared_random_player():
    assert isinstance(computer_player(0, 1), RandomPlayer)


def row_threat() -> Session:
    """White has a2 a3 a4 a5 (a1 and a6 free), black b9 c9 d9 and one more to place."""
    return said(session_for(), "a2 b9 a3 c9 a4 d9 a5")


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_every_level_above_zero_takes_a_win_in_one(level):
    session = said(session_for(), "a2 b9 a3 c9 a4 d9 a5 e9")
    view = seat_view(session.game, "white")
    assert computer_player(level, 3).choose(view) in ("a1", "a6")


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_a_win_by_a_step_when_the_hand_is_empty(level):
    game = constructed("Wb2 Wc3 We5 Wf6 Wd3 Be4 Bh8 Bh7 Bg8 wa10", "white")
    assert fast(level).choose(seat_view(game, "white")) == "d3-d4"


def test_the_default_level_blocks_a_win_in_one():
    session = said(session_for(), "a2 b9 a3 c9 a4 e5 a5")  # black to move, a1 and a6 both win?
    view = seat_view(session.game, "black")
    pos = Position.from_view(view)
    assert pos.winning_move(1) is not None
    # two ends open: no block saves black; with one end taken the block is a1 or a6
    session = said(session_for(), "a2 b9 a3 c9 a4 a6 a5")
    view = seat_view(session.game, "black")
    assert fast(DEFAULT_LEVEL).choose(view) == "a1"
    assert fast(1, 5).choose(view) == "a1"


def test_the_default_level_blocks_a_step_into_the_gap_with_nothing_in_hand():
    """White b2 c3 _ e5 f6 and a hollow piece on d3 that steps into d4: black, with nothing
    in hand, must move a piece onto d4 (e4 or c4 steps there)."""
    game = constructed("Wb2 Wc3 We5 Wf6 Wd3 Be4 Bh8 Bh7 Bg8 wa10", "black")
    view = seat_view(game, "black")
    pos = Position.from_view(view)
    assert line_of(pos.winning_move(1)) == "d3-d4"
    for level in (1, DEFAULT_LEVEL):
        assert fast(level, 2).choose(view) == "e4-d4"


def test_the_default_level_wins_by_a_slide_along_the_edge():
    """White a2 a3 a4 a5 (lions) and a lion on e1 slides along row 1 into a1."""
    game = constructed("wa2 wa3 wa4 wa5 we1 Ba6 Bh8 Bh7", "white")
    view = seat_view(game, "white")
    assert "e1-a1" in view["you"]["legal"]
    assert fast(DEFAULT_LEVEL).choose(view) == "e1-a1"


def test_the_player_reads_nothing_but_the_view():
    """The view goes through JSON (as over HTTP) and the player still answers a legal line;
    a view with no legal lines gets None."""
    session = said(session_for(), "e5 e6 d5")
    view = json.loads(json.dumps(seat_view(session.game, "black")))
    for level in (0, 1, DEFAULT_LEVEL):
        assert fast(level).choose(view) in view["you"]["legal"]
        assert fast(level).choose(seat_view(session.game, "white")) is None


def test_a_view_written_by_hand_is_enough():
    """No game behind it at all: the board, the hands, the side to move, the rules and the
    legal lines are all a player reads."""
    view = {
        "board": {n: {"side": "white", "kind": "lion"} for n in ("a2", "a3", "a4", "a5")}
        | {"e5": {"side": "black", "kind": "hollow"}},
        "in_hand": {"white": 8, "black": 11},
        "to_move": "white",
        "moves": 9,
        "rules": {"first": "white", "corner_cut": False, "corners": "any", "blocked": "pass"},
        "you": {"side": "white", "legal": ["a1", "a6", "b5", "a5-b6"]},
    }
    for level in (1, DEFAULT_LEVEL):
        assert fast(level).choose(view) in ("a1", "a6")
    view["you"]["legal"] = ["b5", "a5-b6"]  # what the view allows is all it may say
    assert fast(DEFAULT_LEVEL).choose(view) in ("b5", "a5-b6")


def test_wilson_interval():
    low, high = wilson(19, 20)
    assert 0.763 < low < 0.765 and 0.990 < high < 0.992
    assert legal_lines(session_for().game, "white")


class Starved:
    """A clock on a starved machine: every look at it finds ``step`` seconds gone."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_a_starved_search_leaves_the_check_against_forks_its_share(monkeypatch):
    """When the move's safety cap comes before the node budgets run out, the thinking
    before the checks stops at its share of the move's seconds: the chosen move is still
    checked against the opponent's forced wins (a starved search once had no time left for
    that check), and the whole move keeps to the cap."""
    import referee.invicta.search as search
    import referee.invicta.threats as threats

    clock = Starved(0.01)  # 1,600 nodes a second, a sixtieth of this machine's speed
    for module in (search, threats):
        monkeypatch.setattr(module, "time", clock)
    views = [v for _, v in random_views(12, seed=3) if v["in_hand"][v["you"]["side"]] <= 1]
    player = computer_player(DEFAULT_LEVEL, 1)
    player.choose(views[4])  # a position of few pieces in hand, where a move needs the check
    searcher, b = player.searcher, player.searcher.budgets
    assert searcher.stats["why"] == "search" and searcher.capped
    ab = next(limit for limit in searcher.limits if limit.nodes == b.search)
    checks = searcher.limits[searcher.limits.index(ab) + 1 :]
    assert ab.timed_out and ab.spent < b.search
    assert checks and checks[0].spent > 0 and searcher.stats["checked"] == 1
    assert clock.now <= searcher.seconds + 0.1


def view_of(pieces: str, to_move: str, in_hand: int, moves: int) -> dict:
    """A seat's view written by hand: ``pieces`` as ``d7w`` (a white hollow piece on d7)
    or ``i5bL`` (a black lion on i5), both sides ``in_hand`` pieces, every legal line."""
    board = {
        square: {"side": "white" if side == "w" else "black", "kind": "lion" if lion else "hollow"}
        for square, side, lion in re.findall(r"([a-i]\d+)([wb])(L?)", pieces)
    }
    view = {
        "board": board,
        "in_hand": {"white": in_hand, "black": in_hand},
        "to_move": to_move,
        "moves": moves,
        "rules": {"first": "white", "corner_cut": False, "corners": "any", "blocked": "pass"},
    }
    legal = [line_of(m) for m in Position.from_view(view).moves()]
    return view | {"you": {"side": to_move, "legal": legal}}


def test_a_slowed_clock_does_not_change_the_move(monkeypatch):
    """The default's move is a function of the position and the seed: on clocks that find
    time gone at every look (a look every 16 nodes), it plays what it plays on a clock that
    stands still, and the safety cap cuts nothing. A forced win its threat search finds
    after about 900 nodes is found on a clock 70 times slower than this machine (main gave
    each part a share of the move's seconds by its node budget: its threat search stopped
    at 0.36 s and it played f7); a whole search, on a clock about 4 times slower."""
    import referee.invicta.search as search
    import referee.invicta.threats as threats

    by_threats = view_of("d7w d9w e6w e9w e2b f5b f9b i5bL", "white", 8, 8)
    searched = random_views(5, seed=5)[4][1]
    for view, step, why in ((by_threats, 0.01, "vct"), (searched, 0.0005, "search")):
        chosen = []
        for clock in (Starved(0.0), Starved(step)):
            for module in (search, threats):
                monkeypatch.setattr(module, "time", clock)
            player = computer_player(DEFAULT_LEVEL, 1)
            chosen.append(player.choose(view))
            assert player.searcher.capped == 0 and player.searcher.stats["why"] == why
        assert chosen[0] == chosen[1]
