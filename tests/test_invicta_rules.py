"""The rules of Ergo (Invicta), each from both sides: what is allowed and what is refused.

Games are built move by move through ``Game.apply``, exactly as a record is
rebuilt; a refusal must name its rule (``why``) and change nothing. The
properties at the end play random legal games and check the referee against
a plain search of the whole board.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.invicta.board import ARENA, EDGE, RING, SQUARES, Kind, Piece, Side, Square
from referee.invicta.events import Move, Place
from referee.invicta.notation import as_event, parse_move
from referee.invicta.refusals import Why
from referee.invicta.setup import Blocked, Corners, HouseRules, Setup
from referee.invicta.state import Finish, Game, IllegalMove, Result

W, B = Side.WHITE, Side.BLACK


def sq(name: str) -> Square:
    return Square.parse(name)


def new(**rules) -> Game:
    return Game.new(Setup("alice", "bob", HouseRules(**rules)))


def play(game: Game, moves: str) -> Game:
    """Apply space-separated moves, each for the side to play."""
    for text in moves.split():
        game.apply(as_event(parse_move(text), game.next_side))
    return game


def game_after(moves: str, **rules) -> Game:
    return play(new(**rules), moves)


def refused(game: Game, text: str, side: Side | None = None) -> IllegalMove:
    """The refusal of ``text``; also checks that the refused move changed nothing."""
    before = (game.summary(), dict(game.seen), game.last)
    event = as_event(parse_move(text), side or game.next_side)
    with pytest.raises(IllegalMove) as info:
        game.apply(event)
    assert (game.summary(), dict(game.seen), game.last) == before
    return info.value


def piece(game: Game, name: str) -> Piece | None:
    return game.board.get(sq(name))


# ------------------------------------------------------------ the board


def test_the_board_has_9_columns_10_rows_34_edge_and_56_arena_squares():
    assert len(SQUARES) == 90
    assert len(EDGE) == 34 and len(ARENA) == 56
    assert {s.name for s in EDGE if s.corner} == {"a1", "i1", "a10", "i10"}
    assert sq("a5").on_edge and sq("i7").on_edge and sq("e1").on_edge and sq("e10").on_edge
    assert not sq("b2").on_edge and not sq("h9").on_edge


def test_the_edge_ring_goes_round_the_board_one_step_at_a_time():
    assert len(RING) == 34 and set(RING) == EDGE
    for a, b in zip(RING, RING[1:] + RING[:1], strict=True):
        assert abs(a.column - b.column) + abs(a.row - b.row) == 1, (a, b)


@pytest.mark.parametrize("text", ["j5", "e11", "e0", "e05", "5e", "ee", "", "a-1"])
def test_names_off_the_board_are_not_squares(text):
    with pytest.raises(ValueError):
        Square.parse(text)


def test_square_names_read_back():
    assert [s.name for s in SQUARES[:10]] == [*(f"{c}1" for c in "abcdefghi"), "a2"]
    assert all(Square.parse(s.name) == s for s in SQUARES)
    assert Square.parse("E10") == Square(4, 9)


# ------------------------------------------------------------ placing


def test_white_moves_first_and_the_sides_alternate():
    game = new()
    assert game.to_move is W
    play(game, "e5")
    assert game.to_move is B
    assert refused(game, "e6", W).why is Why.NOT_YOUR_TURN
    play(game, "e6")
    assert game.to_move is W


def test_house_rule_first_black():
    game = new(first=B)
    assert game.to_move is B
    assert refused(game, "e5", W).why is Why.NOT_YOUR_TURN
    play(game, "e5 e6")
    assert piece(game, "e5") == Piece(B, Kind.HOLLOW)
    assert piece(game, "e6") == Piece(W, Kind.HOLLOW)


def test_a_piece_placed_on_the_edge_is_a_lion_and_in_the_arena_hollow():
    game = game_after("a1 e5 i7 b2 c10 h9")
    assert piece(game, "a1") == Piece(W, Kind.LION)
    assert piece(game, "e5") == Piece(B, Kind.HOLLOW)
    assert piece(game, "i7") == Piece(W, Kind.LION)
    assert piece(game, "b2") == Piece(B, Kind.HOLLOW)
    assert piece(game, "c10") == Piece(W, Kind.LION)
    assert piece(game, "h9") == Piece(B, Kind.HOLLOW)
    assert game.in_hand == {W: 9, B: 9}


@pytest.mark.parametrize("square", ["e5", "e6", "a1"])
def test_placing_on_an_occupied_square_is_refused(square):
    game = game_after("e5 e6 a1")
    exc = refused(game, square)
    assert exc.why is Why.OCCUPIED
    assert exc.refusal.square == sq(square) and exc.refusal.piece == game.board[sq(square)]


def test_twelve_placements_are_allowed_and_a_thirteenth_is_refused():
    # Each side's twelve pieces on rows far apart, never five in a row.
    white = "b2 c2 e2 f2 b4 c4 e4 f4 b6 c6 e6 f6".split()
    black = "b8 c8 e8 f8 h2 h3 h5 h6 h8 g9 a9 d10".split()
    game = new()
    for w, b in zip(white, black, strict=True):
        play(game, f"{w} {b}")
    assert game.in_hand == {W: 0, B: 0}
    assert not game.finished
    exc = refused(game, "e5")
    assert exc.why is Why.NO_PIECES
    assert exc.refusal.side is W
    play(game, "b2-b1")  # moving is still allowed
    assert refused(game, "e5").why is Why.NO_PIECES


# ------------------------------------------------------------ hollow pieces


@pytest.mark.parametrize("target", ["e4", "e6", "d5", "f5"])
def test_a_hollow_piece_moves_one_square_orthogonally(target):
    game = game_after(f"e5 a10 e5-{target}")
    assert piece(game, target) == Piece(W, Kind.HOLLOW)
    assert piece(game, "e5") is None


@pytest.mark.parametrize("target", ["d4", "d6", "f4", "f6"])
def test_a_hollow_piece_may_not_move_diagonally(target):
    exc = refused(game_after("e5 a10"), f"e5-{target}")
    assert exc.why is Why.HOLLOW_DIAGONAL


@pytest.mark.parametrize("target", ["e7", "e3", "c5", "g5", "g7"])
def test_a_hollow_piece_may_not_move_two_squares(target):
    exc = refused(game_after("e5 a10"), f"e5-{target}")
    assert exc.why is Why.HOLLOW_TOO_FAR


def test_a_hollow_piece_moves_only_to_an_empty_square():
    game = game_after("e5 e6")
    assert refused(game, "e5-e6").why is Why.OCCUPIED


@pytest.mark.parametrize("move", ["b2-b1", "b2-a2", "h9-i9", "h9-h10"])
def test_a_hollow_piece_reaching_the_edge_becomes_a_lion(move):
    origin = move.split("-")[0]
    game = game_after(f"{origin} e5 {move}")
    target = move.split("-")[1]
    assert piece(game, target) == Piece(W, Kind.LION)
    assert game.promoted


def test_a_hollow_piece_moving_in_the_arena_stays_hollow():
    game = game_after("b2 e5 b2-b3")
    assert piece(game, "b3") == Piece(W, Kind.HOLLOW)
    assert not game.promoted


def test_a_lion_stays_a_lion_back_in_the_arena():
    game = game_after("b2 e5 b2-b1 e5-e6 b1-b2")
    assert piece(game, "b2") == Piece(W, Kind.LION)
    # ... and moves like one: diagonally, which a hollow piece may not.
    play(game, "e6-e7 b2-c3")
    assert piece(game, "c3") == Piece(W, Kind.LION)


# ------------------------------------------------------------ lions


@pytest.mark.parametrize("target", ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"])
def test_a_lion_in_the_arena_steps_like_a_king(target):
    game = game_after("b2 a10 b2-b1 a10-a9 b1-c2 a9-a8 c2-d3 a8-a7 d3-e4 a7-a6 e4-e5 a6-a5")
    assert piece(game, "e5") == Piece(W, Kind.LION)
    play(game, f"e5-{target}")
    assert piece(game, target) == Piece(W, Kind.LION)


@pytest.mark.parametrize("target", ["e7", "c5", "g3", "c7"])
def test_a_lion_in_the_arena_does_not_go_two_squares(target):
    game = game_after("b2 a10 b2-b1 a10-a9 b1-c2 a9-a8 c2-d3 a8-a7 d3-e4 a7-a6 e4-e5 a6-a5")
    assert refused(game, f"e5-{target}").why is Why.LION_TOO_FAR


@pytest.mark.parametrize("target", ["b4", "b5", "b6"])
def test_a_lion_on_the_edge_steps_into_the_arena_like_a_king(target):
    game = game_after(f"a5 e5 a5-{target}")
    assert piece(game, target) == Piece(W, Kind.LION)


def test_a_lion_on_a_corner_steps_diagonally_into_the_arena():
    game = game_after("a1 e5 a1-b2")
    assert piece(game, "b2") == Piece(W, Kind.LION)


@pytest.mark.parametrize("target", ["c5", "c3", "c7", "d5"])
def test_a_lion_on_the_edge_steps_only_one_square_into_the_arena(target):
    exc = refused(game_after("a5 e5"), f"a5-{target}")
    assert exc.why is Why.LION_TOO_FAR


@pytest.mark.parametrize("target", ["a2", "a6", "a10"])
def test_a_lion_slides_along_the_edge_any_distance(target):
    game = game_after(f"a1 e5 a1-{target}")
    assert piece(game, target) == Piece(W, Kind.LION)


@pytest.mark.parametrize("target", ["b1", "e1", "i1", "i5"])
def test_a_lion_slides_around_a_corner(target):
    game = game_after(f"a3 e5 a3-{target}")  # through a2 and the corner a1
    assert piece(game, target) == Piece(W, Kind.LION)


def test_a_lion_slides_around_several_corners():
    game = game_after("b1 e5 b1-h10")  # round a1 and a10, or round i1 and i10
    assert piece(game, "h10") == Piece(W, Kind.LION)
    game = game_after("a3 e5 a2 e6 a3-i3")  # a2 blocks the short way: round a10, i10
    assert piece(game, "i3") == Piece(W, Kind.LION)


def test_house_rule_corners_one_refuses_a_slide_round_two_corners():
    game = game_after("a3 e5 a2 e6", corners=Corners.ONE)
    exc = refused(game, "a3-i3")
    assert exc.why is Why.TOO_MANY_CORNERS
    play(game, "a3-a10")  # stopping on a corner is not going round it
    play(game, "e6-e7 a10-e10")  # nor is starting from one
    game = game_after("a3 e5 a3-c10", corners=Corners.ONE)  # round a10 alone
    assert piece(game, "c10") == Piece(W, Kind.LION)


def test_a_slide_blocked_both_ways_is_refused_and_names_the_piece_in_the_way():
    game = game_after("a1 a3 e5 c1")  # black on a3 and on c1 hem in the white lion
    exc = refused(game, "a1-a5")
    assert exc.why is Why.SLIDE_BLOCKED
    assert (exc.refusal.other, exc.refusal.blocker) == (sq("a3"), Piece(B, Kind.LION))
    assert refused(game, "a1-d1").why is Why.SLIDE_BLOCKED
    play(game, "a1-a2")  # up to the piece in the way is fine
    assert piece(game, "a2") == Piece(W, Kind.LION)


def test_a_slide_blocked_one_way_goes_round_the_other_way():
    game = game_after("a1 a3 a1-a5")  # blocked via a2-a3; free round i1, i10, a10
    assert piece(game, "a5") == Piece(W, Kind.LION)


def test_a_slide_is_blocked_by_a_piece_of_either_colour():
    own = game_after("a1 e5 a3 e6 c1 e7")  # white's own pieces on a3 and c1
    assert refused(own, "a1-a5").why is Why.SLIDE_BLOCKED
    assert refused(own, "a1-a3").why is Why.OCCUPIED


def test_a_lion_on_the_edge_does_not_cut_the_corner_past_a_piece():
    game = game_after("b1 a1 e5 c1")  # black on the corner, and on c1 the long way round
    exc = refused(game, "b1-a2")
    assert exc.why is Why.CORNER_CUT
    assert exc.refusal.other == sq("a1")


def test_with_the_corner_empty_the_same_move_is_a_slide_through_it():
    game = game_after("b1 e5 b1-a2")
    assert piece(game, "a2") == Piece(W, Kind.LION)


def test_house_rule_corner_cut_allows_the_diagonal_step():
    game = game_after("b1 a1 e5 c1 b1-a2", corner_cut=True)
    assert piece(game, "a2") == Piece(W, Kind.LION)
    assert sq("a2") in game_after("b1 a1 e5 c1", corner_cut=True).targets(sq("b1"))
    assert sq("a2") not in game_after("b1 a1 e5 c1").targets(sq("b1"))


def test_a_corner_cut_blocked_at_the_corner_may_still_go_the_long_way_round():
    game = game_after("b1 a1 b1-a2")  # round i1, i10 and a10
    assert piece(game, "a2") == Piece(W, Kind.LION)


# ------------------------------------------------------------ whose pieces


def test_moving_the_opponents_piece_is_refused():
    game = game_after("e5 d4")
    exc = refused(game, "d4-d3")
    assert exc.why is Why.NOT_YOURS
    assert exc.refusal.piece == Piece(B, Kind.HOLLOW) and exc.refusal.side is W


def test_moving_from_an_empty_square_or_to_the_same_square_is_refused():
    game = game_after("e5 d4")
    assert refused(game, "c3-c4").why is Why.EMPTY
    assert refused(game, "e5-e5").why is Why.SAME_SQUARE


# ------------------------------------------------------------ five in a row


def _winning_game(white: list[str], black: list[str]) -> Game:
    game = new()
    for w, b in zip(white, black, strict=False):
        play(game, w)
        if game.finished:
            break
        play(game, b)
    return game


@pytest.mark.parametrize(
    "white, row",
    [
        (["b3", "c3", "d3", "e3", "f3"], "b3 c3 d3 e3 f3"),  # along a row
        (["g2", "g3", "g4", "g5", "g6"], "g2 g3 g4 g5 g6"),  # along a column
        (["b2", "c3", "d4", "e5", "f6"], "b2 c3 d4 e5 f6"),  # a diagonal
        (["b8", "c7", "d6", "e5", "f4"], "b8 c7 d6 e5 f4"),  # the other diagonal
        (["a1", "a2", "a3", "a4", "a5"], "a1 a2 a3 a4 a5"),  # along the edge
        (["i6", "h7", "g8", "f9", "e10"], "e10 f9 g8 h7 i6"),  # edge to edge
    ],
)
def test_five_in_a_row_wins_in_every_direction(white, row):
    game = _winning_game(white, ["h10", "c10", "i1", "b10", "h1"])
    assert game.finished and game.winner is W and game.finish is Finish.FIVE
    assert [[s.name for s in r] for r in game.rows] == [row.split()]
    assert game.to_move is None and not game.draw


def test_black_wins_too_with_five_of_its_own():
    game = _winning_game(["a1", "a3", "a5", "a7", "a9"], ["c2", "c3", "c4", "c5", "c6"])
    assert game.winner is B and game.moves == 10


def test_lions_and_hollow_pieces_mixed_make_a_row():
    game = game_after("b2 h9 c2 h8 d2 h7 e2 h6 a2")  # a lion on the edge, four hollow
    assert game.winner is W
    assert [s.name for s in game.rows[0]] == ["a2", "b2", "c2", "d2", "e2"]
    assert {game.board[s].kind for s in game.rows[0]} == {Kind.LION, Kind.HOLLOW}


def test_four_in_a_row_or_five_with_a_gap_or_of_two_colours_does_not_win():
    game = game_after("b3 b9 c3 c9 d3 d9 e3")
    assert not game.finished  # four
    game = game_after("b3 b9 c3 c9 d3 d9 f3 f9 g3")
    assert not game.finished  # b3 c3 d3 _ f3 g3: a gap
    game = game_after("b3 e3 c3 h9 d3 h8 f3")
    assert not game.finished  # b3 c3 d3 e3(black) f3


def test_a_row_of_six_wins_and_is_reported_whole():
    game = game_after("b5 b9 c5 c9 e5 e9 f5 f9 g5 h9 d5")
    assert game.winner is W
    assert [s.name for s in game.rows[0]] == ["b5", "c5", "d5", "e5", "f5", "g5"]


def test_a_move_that_makes_two_rows_reports_both():
    game = game_after("b5 b9 c5 c9 d5 d9 f5 h9 e2 h8 e3 h7 e4 h2 e6 g9 e5")
    assert game.winner is W
    rows = sorted(tuple(s.name for s in r) for r in game.rows)
    assert rows == [("b5", "c5", "d5", "e5", "f5"), ("e2", "e3", "e4", "e5", "e6")]


def test_a_move_completes_a_row():
    game = game_after("b4 h9 c4 h8 d4 h7 e4 h6 f5 g9 f5-f4")
    assert game.winner is W
    assert [s.name for s in game.rows[0]] == ["b4", "c4", "d4", "e4", "f4"]


# ------------------------------------------------------------ repetition


SHUFFLE = "e5 e6 a1 i10 a1-b1 i10-h10 b1-a1 h10-i10"


def test_the_third_occurrence_of_a_position_is_a_draw():
    game = game_after(SHUFFLE)  # the position after move 4, a second time
    assert not game.finished and game.repetitions == 2
    play(game, "a1-b1 i10-h10 b1-a1")
    assert not game.finished
    play(game, "h10-i10")  # a third time
    assert game.finished and game.draw and game.finish is Finish.REPETITION
    assert game.winner is None and game.to_move is None
    assert game.moves == 12


def test_occurrences_need_not_follow_one_another():
    game = game_after("e5 e6 a1 i10 a1-b1 i10-h10 b1-a1 h10-i10")  # P4 twice
    play(game, "a1-a2 i10-i9 a2-a1 i9-i10")  # P4 three times, with others between
    assert game.finish is Finish.REPETITION


def test_a_lion_where_a_hollow_piece_stood_is_another_position():
    # b2 hollow, then b2-b1-b2 makes it a lion on b2: not the position before.
    game = game_after("b2 i10 b2-b1 i10-i9 b1-b2 i9-i10")
    assert piece(game, "b2") == Piece(W, Kind.LION)
    assert game.repetitions == 1
    play(game, "b2-b1 i10-i9 b1-b2 i9-i10")
    assert game.repetitions == 2 and not game.finished


def test_the_pieces_in_hand_are_part_of_the_position():
    game = game_after("e5 i10")
    key = game.position()
    assert key[1:] == (11, 11, "white")


# ------------------------------------------------------------ after the end


@pytest.mark.parametrize("then", ["a5", "e5", "h9-h8", "i10"])
def test_no_move_is_allowed_after_a_win(then):
    game = _winning_game(["b3", "c3", "d3", "e3", "f3"], ["h9", "h8", "h7", "h6", "a10"])
    assert game.finished
    exc = refused(game, then)
    assert exc.why is Why.GAME_OVER
    assert exc.refusal.result == Result(Finish.FIVE, W, game.rows)


def test_no_move_is_allowed_after_a_draw():
    game = game_after(SHUFFLE + " a1-b1 i10-h10 b1-a1 h10-i10")
    assert game.draw
    assert refused(game, "e5-e4").why is Why.GAME_OVER
    assert refused(game, "c3").why is Why.GAME_OVER


# ------------------------------------------------------------ a player with no move


# Black's twelve pieces fill a1-d1, a2-a3 and b2-d3; white's e1 e2 e3 d4 c4 b4 a4
# hem them in, and white's other five pieces stand apart.
BLOCKING = "e1 a1 e2 b1 e3 c1 a4 d1 b4 a2 c4 a3 d4 b2 g7 c2 i9 d2 g9 b3 c9 c3 h6 d3"


def test_a_player_with_no_legal_move_passes_and_the_other_moves_again():
    game = game_after(BLOCKING)
    assert game.in_hand == {W: 0, B: 0} and not game.finished
    assert not game.can_move(B)
    play(game, "g7-g6")
    assert game.passed is B and game.to_move is W
    play(game, "g6-g7")  # white again
    assert game.to_move is W and game.passed is B


def test_house_rule_blocked_lose():
    game = game_after(BLOCKING + " g7-g6", blocked=Blocked.LOSE)
    assert game.finished and game.winner is W and game.finish is Finish.BLOCKED


def test_when_neither_side_can_move_the_game_is_drawn():
    # A position no real game reaches in this shape (the hands are set by hand):
    # the placement on the last empty square leaves nobody a move.
    game = new()
    for s in SQUARES:
        if s.name != "e5":
            game.board[s] = Piece(W if (s.column // 2 + s.row) % 2 else B, Kind.HOLLOW)
    game.in_hand = {W: 1, B: 0}
    game.apply(Place(W, sq("e5")))
    assert game.finish is Finish.BLOCKED and game.draw


# ------------------------------------------------------------ against a plain search


def brute_rows(game: Game, side: Side) -> set[tuple[str, ...]]:
    """Every maximal straight run of five or more of ``side``'s pieces, by looking everywhere."""
    runs = set()
    mine = [s for s, p in game.board.items() if p.side is side]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for s in mine:
            before = s.offset(-dc, -dr)
            if before is not None and _mine(game, before, side):
                continue  # not the start of a run
            run = []
            t: Square | None = s
            while t is not None and _mine(game, t, side):
                run.append(t)
                t = t.offset(dc, dr)
            if len(run) >= 5:
                runs.add(tuple(sorted(x.name for x in run)))
    return runs


def _mine(game: Game, s: Square, side: Side) -> bool:
    p = game.board.get(s)
    return p is not None and p.side is side


def brute_targets(game: Game, origin: Square) -> set[Square]:
    """Where the piece may go, by asking the rules' checker about every square."""
    p = game.board[origin]
    return {t for t in SQUARES if t != origin and game.check(Move(p.side, origin, t)) is None}


def _lands(event: Place | Move) -> Square:
    return event.square if isinstance(event, Place) else event.target


rules_strategy = st.builds(
    HouseRules,
    first=st.sampled_from(list(Side)),
    corner_cut=st.booleans(),
    corners=st.sampled_from(list(Corners)),
    blocked=st.sampled_from(list(Blocked)),
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, data=st.data())
def test_random_games_agree_with_a_plain_search(rules, data):
    """In random legal games: the generator and the checker agree on every move; no row of
    the opponent ever appears; a game ends on five exactly when the search sees five."""
    game = Game.new(Setup("alice", "bob", rules))
    for _ in range(70):
        if game.finished:
            break
        side = game.to_move
        assert side is not None
        own = sorted(s for s, p in game.board.items() if p.side is side)
        if own:  # one piece a move: asking about every square is slow
            origin = data.draw(st.sampled_from(own))
            assert set(game.targets(origin)) == brute_targets(game, origin), origin
        events = list(game.legal_events(side))
        assert events, "the side to move always has a move (blocked sides pass)"
        # Mostly play into the 5 × 5 corner a1-e5 (edge squares included), so that
        # pieces crowd, lions slide and rows of five happen (about a third of games).
        crowded = [e for e in events if _lands(e).column <= 4 and _lands(e).row <= 4]
        pool = crowded if crowded and data.draw(st.integers(0, 3)) else events
        event = data.draw(st.sampled_from(pool))
        game.apply(event)
        assert brute_rows(game, side.other) == set()
        mine = brute_rows(game, side)
        assert (game.finish is Finish.FIVE) == bool(mine)
        assert {tuple(sorted(s.name for s in r)) for r in game.rows} == mine
        assert sum(game.in_hand.values()) + len(game.board) == 24


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, data=st.data())
def test_a_refused_event_changes_nothing(rules, data):
    game = Game.new(Setup("alice", "bob", rules))
    for _ in range(12):
        events = list(game.legal_events(game.to_move))
        game.apply(data.draw(st.sampled_from(events)))
        if game.finished:
            break
    origin = data.draw(st.sampled_from(SQUARES))
    target = data.draw(st.sampled_from(SQUARES))
    side = data.draw(st.sampled_from(list(Side)))
    event = data.draw(st.sampled_from([Place(side, origin), Move(side, origin, target)]))
    before = (game.summary(), dict(game.seen), game.setup)
    try:
        game.apply(event)
    except IllegalMove as exc:
        assert exc.why in Why and exc.refusal.side in (side, None)
        assert (game.summary(), dict(game.seen), game.setup) == before


def _checked_view_moves(game: Game, side: Side) -> tuple[list[str], dict[str, list[str]]]:
    """What a seat's view offered before it trusted the generator: every generated event
    the checker allows."""
    places: list[str] = []
    moves: dict[str, list[str]] = {}
    for event in game.legal_events(side):
        if game.check(event) is not None:
            continue
        if isinstance(event, Place):
            places.append(event.square.name)
        else:
            moves.setdefault(event.origin.name, []).append(event.target.name)
    return places, moves


@pytest.mark.parametrize(
    "rules",
    [HouseRules(), HouseRules(corner_cut=True, corners=Corners.ONE), HouseRules(first=Side.BLACK)],
    ids=["default", "corner_cut_one_corner", "black_first"],
)
def test_a_seats_view_offers_exactly_the_moves_the_checker_allows(rules):
    import random

    from referee.invicta.views import seat_view

    game, chance = Game.new(Setup("alice", "bob", rules)), random.Random(20)
    for _ in range(60):
        if game.finished:
            break
        side = game.to_move
        assert side is not None
        you = seat_view(game, game.setup.player(side))["you"]
        assert (you["places"], you["moves"]) == _checked_view_moves(game, side)
        game.apply(chance.choice(list(game.legal_events(side))))
