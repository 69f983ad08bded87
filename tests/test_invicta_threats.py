"""Invicta's threat-space search: exact threats under the game's own rules, forced wins
found within a node budget, and forced wins of the opponent refused.

The threat generator's moves are held to a brute force over every legal move (the lion's
steps, the edge slides and the house rules included); the wins it finds are played out
against every defence the rules allow, not only the ones it generates.
"""

import random

import pytest

from referee.invicta.player import Searching
from referee.invicta.position import BY_NAME, EDGE, N, Position, line_of
from referee.invicta.search import Budgets
from referee.invicta.threats import Exhausted, Limit, ThreatSpace

W, B = 1, -1


def board(white: str, black: str, hands=(5, 5), to_move=W, **rules) -> Position:
    """A position from square names; a capital letter is a lion (``A2``), small a hollow
    piece (edge squares always hold lions)."""
    cells = [0] * N
    for side, names in ((W, white), (B, black)):
        for name in names.split():
            i = BY_NAME[name.lower()]
            cells[i] = side * (2 if EDGE[i] or name[0].isupper() else 1)
    return Position(cells, {W: hands[0], B: hands[1]}, to_move, **rules)


def space(pos: Position, nodes: int = 20_000) -> ThreatSpace:
    return ThreatSpace(pos, Limit(nodes))


def lines(moves) -> set[str]:
    return {line_of(m) for m in moves}


# ------------------------------------------------------------ exact threats


def brute_blocks(pos: Position) -> set[int]:
    side = pos.to_move
    found = set()
    for m in pos.moves():
        undo = pos.make(m)
        if pos.won(side) or pos.winning_move(-side) is None:
            found.add(m)
        pos.unmake(undo)
    return found


def brute_fours(pos: Position) -> set[int]:
    side = pos.to_move
    found = set()
    for m in pos.moves():
        undo = pos.make(m)
        if (
            not pos.won(side)
            and pos.winning_move(side) is not None
            and pos.winning_move(-side) is None
        ):
            found.add(m)
        pos.unmake(undo)
    return found


def brute_threes(pos: Position) -> set[tuple[int, int]]:
    """Every legal move after which neither side has a win in one and the mover has a
    four no block meets next (counted by square, each found by making the four)."""
    side = pos.to_move
    found = set()
    for m in pos.moves():
        undo = pos.make(m)
        if pos.winning_move(side) is None and pos.winning_move(-side) is None:
            pos.pass_turn()
            squares = set()
            for four in brute_fours(pos):
                back = pos.make(four)
                if (pos.hand[side] and len(pos.completions(side)) >= 2) or not brute_blocks(pos):
                    squares.add(four & 127)
                pos.unmake(back)
            pos.pass_turn()
            if squares:
                found.add((len(squares), m))
        pos.unmake(undo)
    return found


RULES = [{}, {"corner_cut": True, "corner_limit": 1}]


@pytest.mark.parametrize("rules", RULES, ids=["default", "corner_cut_one"])
def test_fours_and_blocks_are_every_move_the_rules_allow(rules):
    """On crowded random boards (pieces in hand or none, lions and hollow pieces), the
    generator's fours, blocks and threes are exactly the moves a brute force over every
    legal move finds, and the squares a move may reach from are what each piece's moves
    say."""
    chance = random.Random(39)
    seen_fours = seen_blocks = seen_threes = tried_threes = 0
    for _ in range(120):
        cells = [0] * N
        region = [i for i in range(N) if i % 9 < 6 and i // 9 < 6] if chance.random() < 0.5 else []
        squares = chance.sample(region or range(N), chance.randint(12, 22))
        for k, i in enumerate(squares):
            side = W if k % 2 else B
            cells[i] = side * (2 if EDGE[i] or chance.random() < 0.4 else 1)
        hands = chance.choice([(0, 0), (1, 0), (3, 2), (0, 4), (5, 5)])
        pos = Position(cells, {W: hands[0], B: hands[1]}, chance.choice([W, B]), **rules)
        for t in range(N):
            if not pos.cells[t]:
                for side in (W, B):
                    want = {o for o in pos.pieces[side] if t in pos.targets(o)}
                    assert pos.reachers(t, side) == sorted(want)
        if pos.winning_move(pos.to_move) is not None:
            continue
        threats = space(pos, 10**6)
        if pos.winning_move(-pos.to_move) is not None:
            assert set(threats.blocks()) == brute_blocks(pos)
            seen_blocks += 1
        else:
            fours = set(threats.fours())
            assert fours == brute_fours(pos)
            seen_fours += bool(fours)
            if tried_threes < 12 and not threats.threatened(pos.to_move):  # (else every
                # move keeps a threat; the brute force is slow, a dozen boards will do)
                threes = set(threats.threes(()))
                assert threes == brute_threes(pos)
                seen_threes += bool(threes)
                tried_threes += 1
    assert seen_fours >= 10 and seen_blocks >= 10 and seen_threes >= 5  # threats were there


def test_a_block_may_stand_on_the_lions_way_along_the_edge():
    """White's lions a2-a5 need a1, which only the lion on e1 can reach (nothing in hand):
    black blocks on a1 or anywhere on the slide's way (b1, c1, d1)."""
    pos = board("a2 a3 a4 a5 e1 f5", "a6 h8", hands=(0, 3), to_move=B)
    assert pos.winning_move(W) is not None
    assert {line_of(m) for m in space(pos).blocks()} == {"a1", "b1", "c1", "d1"}


def test_a_four_by_a_slide_round_the_corners_is_a_four_only_where_the_rules_allow_it():
    """White's lions a3-a5, the lion on i6 and a hollow piece on b7 (nothing in hand):
    sliding i6 round two corners to a6 makes a four that b7-a7 completes. With
    ``corners=one`` the slide, and so the four, is not there. (Without b7 there would be
    no four at all: nothing could reach a2 or a7.)"""
    white, black = "a3 a4 a5 i6 e5 b7", "c7 g3 e8"
    free = space(board(white, black, hands=(0, 2))).fours()
    assert "i6-a6" in lines(free)
    one = space(board(white, black, hands=(0, 2), corner_limit=1)).fours()
    assert "i6-a6" not in lines(one)
    assert set(one) == brute_fours(board(white, black, hands=(0, 2), corner_limit=1))


def test_a_lion_steps_diagonally_into_a_four_and_a_hollow_piece_does_not():
    """b2 c3 d4 e5 need f6 (a1 is black's). A lion on g7 steps in; a hollow piece on g7
    cannot (it moves orthogonally), so there is no win in one and nothing to block."""
    lion = board("b2 c3 d4 e5 G7", "a1 h2 h3", hands=(0, 3))
    assert line_of(lion.winning_move(W)) == "g7-f6"
    hollow = board("b2 c3 d4 e5 g7", "a1 h2 h3", hands=(0, 3))
    assert hollow.winning_move(W) is None
    assert "g7-f7" in lines(space(hollow).fours())  # a step next to f6 threatens it


def test_an_edge_lion_cuts_the_corner_only_under_the_house_rule():
    """a3-a6 need a2 (a7 is black's); the lion on b1 reaches a2 by the corner cut only."""
    white, black = "a3 a4 a5 a6 b1", "a7 a1 h8"
    assert board(white, black, hands=(0, 3)).winning_move(W) is None
    cut = board(white, black, hands=(0, 3), corner_cut=True)
    assert line_of(cut.winning_move(W)) == "b1-a2"


def test_a_block_that_leaves_a_square_opening_a_row_is_no_block():
    """White's e2-e5 need e6, which e7 steps into. Black's lion on f5 stops b5-e5 and
    could step to e6, but leaving f5 lets g5 step into it: only f6-e6 blocks."""
    pos = board("b5 c5 d5 e5 e2 e3 e4 e7 g5", "F5 a5 e1 h9 f6", hands=(0, 0), to_move=B)
    assert line_of(pos.winning_move(W)) == "e7-e6"
    assert "f5-e6" in lines(pos.moves())
    assert lines(space(pos).blocks()) == {"f6-e6"} == lines(brute_blocks(pos))


# ------------------------------------------------------------ forced wins


def wins_against_every_defence(pos: Position, find, depth: int) -> bool:
    """Whether the side to move wins by playing ``find(pos)``'s move now and again after
    every legal answer (every one, not only those the generator gives), within ``depth``
    of its own moves."""
    side = pos.to_move
    move = find(pos)
    if move is None or depth == 0:
        return False
    undo = pos.make(move)
    try:
        if pos.won(side):
            return True
        for answer in pos.moves():
            back = pos.make(answer)
            try:
                if pos.won(-side) or not wins_against_every_defence(pos, find, depth - 1):
                    return False
            finally:
                pos.unmake(back)
        return True
    finally:
        pos.unmake(undo)


def vcf_position() -> Position:
    """White c3 d3 e3 (b3 black) and f4 f5: f3 is a four (g3), and after the block g3, f6
    makes f3-f6 with f2 and f7 both open."""
    return board("c3 d3 e3 f4 f5", "b3 h8 h9 a10")


def test_a_win_by_fours_is_found_within_its_budget_and_holds_against_every_defence():
    pos = vcf_position()
    assert space(pos).vcf(1) is None  # one four is not enough
    threats = space(pos, 400)
    assert line_of(threats.vcf(3)) == "f3"
    assert threats.limit.spent <= 400
    assert wins_against_every_defence(pos, lambda p: space(p).vcf(3), 3)


def test_a_double_three_is_a_win_by_threes():
    """White d5 e5 and f6 f7: f5 makes two open threes at once (a fork); no four is near,
    so there is no win by fours, but one by threes, which every defence loses to."""
    pos = board("d5 e5 f6 f7", "a1 i10 a10")
    assert space(pos).vcf(8) is None
    threats = space(pos, 3_000)
    assert line_of(threats.vct(1)) == "f5"
    assert wins_against_every_defence(pos, lambda p: space(p, 3_000).vct(2), 3)


def test_a_budget_is_a_budget():
    pos = board("c3 d3 e5 f5 g7 c7", "a1 i10 a10 b9 d4 e4")  # no win by threats here
    threats = space(pos, 50)
    with pytest.raises(Exhausted):
        for depth in range(1, 6):
            threats.vct(depth)
    assert threats.limit.spent == 51  # the node that found the budget gone was not made


# ------------------------------------------------------------ refusing the opponent's wins


def black_forks_at_f5(pos: Position) -> bool:
    """Black (to move after white) plays f5 and then, whatever white answers, has a four
    already or a square for two ways to five: a win no block meets (brute force)."""
    if pos.cells[BY_NAME["f5"]]:
        return False
    undo = pos.make(BY_NAME["f5"])
    try:
        for answer in pos.moves():
            back = pos.make(answer)
            try:
                if pos.won(W) or not black_wins_next(pos):
                    return False
            finally:
                pos.unmake(back)
        return True
    finally:
        pos.unmake(undo)


def black_wins_next(pos: Position) -> bool:
    if pos.winning_move(B) is not None:
        return True
    if pos.winning_move(W) is not None:
        return False
    for x in range(N):
        if not pos.cells[x]:
            undo = pos.make(x)
            try:
                if len(pos.completions(B)) >= 2:
                    return True
            finally:
                pos.unmake(undo)
    return False


def test_the_player_refuses_a_double_three_set_up_one_move_ahead():
    """Black threatens f5, two open threes at once. A move elsewhere loses to it; the
    default player's move leaves black no such fork (checked by brute force, not by the
    player's own search)."""
    white, black = "b9 h2", "d5 e5 f6 f7"
    far = board(white + " i1", black, to_move=B)
    assert black_forks_at_f5(far)
    pos = board(white, black)
    player = Searching(seed=1, budgets=Budgets())
    move = player.searcher.best(pos, pos.moves())
    pos.make(move)
    assert not black_forks_at_f5(pos), line_of(move)
    assert player.searcher.stats["why"] == "search"
    assert player.searcher.stats["threat"] is not None  # it saw the threat coming


def brute_vcf(pos: Position, depth: int) -> bool:
    """Whether the side to move wins by fours within ``depth`` of them, every four and
    every block found by trying every legal move."""
    side = pos.to_move
    if pos.winning_move(side) is not None:
        return True
    if depth == 0:
        return False
    for m in brute_fours(pos):
        undo = pos.make(m)
        try:
            if all(
                not pos.won(-side) and brute_vcf_after(pos, b, depth - 1) for b in brute_blocks(pos)
            ):
                return True
        finally:
            pos.unmake(undo)
    return False


def brute_vcf_after(pos: Position, block: int, depth: int) -> bool:
    undo = pos.make(block)
    try:
        return not pos.won(pos.to_move * -1) and brute_vcf(pos, depth)
    finally:
        pos.unmake(undo)


def test_the_player_refuses_a_win_by_fours_set_up_against_it():
    """Black to move against white's f3-then-f6 (the position above): a move elsewhere
    leaves white its win by fours; the default player's does not (brute force)."""
    pos = vcf_position()
    pos.pass_turn()  # black to move
    far = vcf_position()
    far.pass_turn()
    far.make(BY_NAME["a5"])
    assert brute_vcf(far, 3)
    player = Searching(seed=2, budgets=Budgets())
    move = player.searcher.best(pos, pos.moves())
    pos.make(move)
    assert not brute_vcf(pos, 3), line_of(move)
