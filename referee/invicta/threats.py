"""Threat-space search: forced wins by fours (VCF) and by threes (VCT) under Invicta's rules.

After Allis, van den Herik and Huntjens ("Go-Moku solved by new search techniques"): the
attacker plays only *threats*, moves the defender must answer, so the tree is narrow and a
forced win many moves deep is found in a few thousand nodes, where a full-width search
would need the machine's whole second. Gomocup engines search the same way before their
alpha-beta (fours first, then threes).

Invicta's rules change what a threat is. A move may be a placement, a step or a slide
along the edge, and a block may be any of them; a piece that moves leaves a square, which
may open a row of the other side's; and twelve pieces each run out, after which a gap is
filled only by a piece that can step or slide into it. So nothing here is a pattern on
squares alone:

- a *four* is a move after which its side has a win in one that the rules allow (checked
  by making the move), and the other side has none;
- a *block* is a move after which the other side has no win in one. Every block must
  occupy a square the win needs (the empty square of the row, or a square on a lion's
  slide to it), so the blocks are found exactly among the moves onto those squares;
- a *three* is a move after which its side threatens a four that no block meets (two ways
  to five at once, or one no move can reach in time). Its defences are the moves onto the
  squares that four would use (Allis's gain and cost squares), and the defender's own
  fours, which gain it a move.

Deeper threats must use a square an earlier threat of the line gained (Allis's
dependency), which keeps the search narrow. Every search counts the moves it makes against
a :class:`Limit`, so the same position gets the same answer whatever the machine's load.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from referee.invicta.position import (
    AT,
    EDGE,
    KINGS,
    RING_AT,
    RING_I,
    WINDOWS,
    Position,
    origin_of,
    target_of,
)

NONE = -1  # no move: what the table keeps for a search that failed
VCF, VCT = 0, 1
FOURS, THREES = 0, 1
RING_SET = frozenset(RING_I)


class Exhausted(Exception):
    """A node budget (or the safety deadline) ran out: ``limit`` says whose."""

    def __init__(self, limit: Limit) -> None:
        super().__init__()
        self.limit = limit


class Limit:
    """A node budget, and a wall-clock deadline (``time.perf_counter``) kept only as a
    safety for a starved machine: the node budget is what decides, so a move does not
    depend on the load. ``timed_out`` says whether the deadline stopped it. A limit inside
    another (``within``) charges both."""

    def __init__(
        self, nodes: int, deadline: float | None = None, within: Limit | None = None
    ) -> None:
        self.nodes = nodes
        self.spent = 0
        self.deadline = deadline
        self.within = within
        self.timed_out = False

    def charge(self) -> None:
        if self.within is not None:
            self.within.charge()
        self.spent += 1
        if self.spent > self.nodes:
            raise Exhausted(self)
        if self.deadline is not None and self.spent & 15 == 0:
            if time.perf_counter() > self.deadline:
                self.timed_out = True
                raise Exhausted(self)

    def left(self) -> int:
        return self.nodes - self.spent


def empties(pos: Position, w: int) -> list[int]:
    cells = pos.cells
    return [i for i in WINDOWS[w] if not cells[i]]


def fork_ends(pos: Position, side: int) -> dict[int, set[int]]:
    """For each empty square on a row of three of ``side``, the squares that would complete
    five once a piece of ``side`` stands on it (the row's other empty square)."""
    makes: dict[int, set[int]] = {}
    cells = pos.cells
    for w in pos.threes[side]:
        a, b = (i for i in WINDOWS[w] if not cells[i])
        makes.setdefault(a, set()).add(b)
        makes.setdefault(b, set()).add(a)
    return makes


def fork_points(pos: Position, side: int) -> dict[int, set[int]]:
    """The squares where a piece of ``side`` placed would make two ways to five at once
    (an open four, or two fours), each with the squares of those fives: a defender must
    take one of them first. Meaningful while ``side`` has two pieces in hand (one to make
    the four, one to complete it)."""
    return {x: ends for x, ends in fork_ends(pos, side).items() if len(ends) >= 2}


def forks_after(pos: Position, side: int, x: int, ends: dict[int, set[int]]) -> int:
    """How many squares of :func:`fork_points` ``side`` would have after placing a piece
    on the empty square ``x`` (on no row of three of its own), ``ends`` being
    :func:`fork_ends` now: rows of two through ``x`` become rows of three."""
    mine, theirs = pos.count[side], pos.count[-side]
    cells = pos.cells
    extra: dict[int, set[int]] = {}
    for w in AT[x]:
        if mine[w] == 2 and not theirs[w]:
            a, b = (i for i in WINDOWS[w] if i != x and not cells[i])
            extra.setdefault(a, set()).add(b)
            extra.setdefault(b, set()).add(a)
    before = sum(1 for y in extra if len(ends.get(y, ())) >= 2)
    after = sum(1 for y, more in extra.items() if len(ends.get(y, set()) | more) >= 2)
    return sum(1 for e in ends.values() if len(e) >= 2) - before + after


def slide_path(origin: int, target: int) -> set[int]:
    """The edge squares between ``origin`` and ``target`` either way round the ring (a
    block of a slide may stand on any of them)."""
    n = len(RING_I)
    a, b = RING_AT.get(origin), RING_AT.get(target)
    if a is None or b is None:
        return set()
    forward = {RING_I[(a + k) % n] for k in range(1, (b - a) % n)}
    backward = {RING_I[(a - k) % n] for k in range(1, (a - b) % n)}
    return forward | backward


class ThreatSpace:
    """Threat searches on one position (made and unmade in place), within one limit."""

    def __init__(self, pos: Position, limit: Limit) -> None:
        self.pos = pos
        self.limit = limit
        # (hash, side, kind) -> (depth, the winning first move or NONE)
        self.known: dict[tuple[int, int, int], tuple[int, int]] = {}
        # (hash, kind, squares) -> the threats generated there (deeper searches come back)
        self.generated: dict[tuple, list] = {}

    def _make(self, move: int) -> tuple[int, int]:
        self.limit.charge()
        return self.pos.make(move)

    # ------------------------------------------------------------ threats, exactly

    def blocks(self) -> list[int]:
        """The moves of the side to move after which the other side has no win in one (or
        that win at once themselves)."""
        pos = self.pos
        side = pos.to_move
        fives = pos.completions(-side)
        need = set(fives)
        if not pos.hand[-side] and any(EDGE[c] for c in need):
            need |= RING_SET  # a lion may slide to it: a block may stand in its way
        found = []
        for m in pos.moves_onto(need):
            if m < 128 and len(fives) == 1 and m in fives:
                found.append(m)  # a piece placed on the only square: nothing left open
                continue
            undo = self._make(m)
            if pos.won(side) or pos.winning_move(-side) is None:
                found.append(m)
            pos.unmake(undo)
        return found

    def fours(self, near: set[int] | None = None) -> list[int]:
        """The moves of the side to move after which it has a win in one and the other side
        has none: onto a row of three, or (with nothing in hand) next to a square that
        completes five, or opening a lion's way to one. ``near``: only rows through these
        squares."""
        pos = self.pos
        key = (pos.hash, FOURS, near and frozenset(near))
        found = self.generated.get(key)
        if found is None:
            found = self.generated[key] = self._fours(near)
        return found

    def _fours(self, near: set[int] | None) -> list[int]:
        pos = self.pos
        side = pos.to_move
        cells = pos.cells
        targets: set[int] = set()
        for w in pos.threes[side]:
            if near is None or not near.isdisjoint(WINDOWS[w]):
                targets.update(i for i in WINDOWS[w] if not cells[i])
        # With two pieces in hand (one to make the four, one to complete it) and no four or
        # win in one on either side yet, a piece placed on a row of three makes a four.
        sure = pos.hand[side] >= 2 and not pos.fours[side] and pos.winning_move(-side) is None
        moves = []
        if not pos.hand[side]:
            for c in pos.completions(side):
                targets.update(KINGS[c])
                if EDGE[c]:  # a piece leaving the edge may open a lion's way to it
                    targets |= RING_SET
                    moves = [m for m in pos.moves() if EDGE[origin_of(m)]]
        moves = list(dict.fromkeys(pos.moves_onto(targets) + moves))
        found = []
        for m in moves:
            if sure and m < 128:
                self.limit.charge()
                found.append(m)
                continue
            undo = self._make(m)
            if (
                not pos.won(side)
                and pos.winning_move(side) is not None
                and pos.winning_move(-side) is None
            ):
                found.append(m)
            pos.unmake(undo)
        return found

    def unstoppable(self) -> bool:
        """Whether the side that just made a four has two ways to five no single block
        meets (the side to move has no win of its own: :meth:`fours` made sure)."""
        pos = self.pos
        mover = -pos.to_move
        if pos.hand[mover] and len(pos.completions(mover)) >= 2:
            return True
        return not self.blocks()

    def threatened(self, side: int) -> dict[int, set[int]]:
        """What ``side`` threatens to win by next move with a four no block meets: the
        square of that four's move -> the squares a defender may take to spoil it."""
        pos = self.pos
        if pos.hand[side] >= 2 and pos.hand[-side]:  # a single four can always be blocked:
            # taking one of two ends spoils it; of three, only x does
            return {
                x: ends | {x} if len(ends) == 2 else {x}
                for x, ends in fork_points(pos, side).items()
            }
        turned = pos.to_move != side
        if turned:
            pos.pass_turn()
        found: dict[int, set[int]] = {}
        try:
            for m in self.fours():
                undo = self._make(m)
                try:
                    if self.unstoppable():
                        t = target_of(m)
                        spoil = found.setdefault(t, {t})
                        spoil |= pos.completions(side)
                        spoil |= slide_path(origin_of(m), t)
                finally:
                    pos.unmake(undo)
        finally:
            if turned:
                pos.pass_turn()
        return found

    def threes(self, gains: tuple[int, ...]) -> list[tuple[int, int]]:
        """The moves of the side to move after which it threatens a four no block meets
        (and the other side has no win in one), with how many such fours each threatens;
        with ``gains``, only rows through a square an earlier threat gained."""
        pos = self.pos
        key = (pos.hash, THREES, frozenset(gains))
        found = self.generated.get(key)
        if found is None:
            found = self.generated[key] = self._threes(gains)
        return found

    def _threes(self, gains: tuple[int, ...]) -> list[tuple[int, int]]:
        pos = self.pos
        side = pos.to_move
        mine, theirs = pos.count[side], pos.count[-side]
        windows: Iterable[int] = {w for g in gains for w in AT[g]} if gains else range(len(WINDOWS))
        targets: set[int] = set()
        for w in windows:
            if mine[w] == 2 and theirs[w] == 0:
                targets.update(empties(pos, w))
        # With three in hand, the other side one (it blocks any single four), and no four or
        # win in one on either side, what a piece placed threatens is counted from the
        # windows it turns into rows of three, unmade.
        sure = (
            pos.hand[side] >= 3
            and pos.hand[-side]
            and not pos.fours[side]
            and pos.winning_move(-side) is None
        )
        found = []
        moves = []
        if not sure:  # a four may come to need a step or a slide: coming near one
            for w in pos.threes[side]:
                for i in empties(pos, w):
                    targets.update(KINGS[i])
                    if EDGE[i]:
                        targets |= RING_SET
                        moves = [m for m in pos.moves() if EDGE[origin_of(m)]]
        if sure:
            ends = fork_ends(pos, side)
            fours = {i for w in pos.threes[side] for i in WINDOWS[w]}
        for m in list(dict.fromkeys(pos.moves_onto(targets) + moves)):
            if sure and m < 128:
                self.limit.charge()
                if m not in fours:
                    n = forks_after(pos, side, m, ends)
                    if n:
                        found.append((n, m))
                continue
            undo = self._make(m)
            try:
                if pos.winning_move(-side) is None and pos.winning_move(side) is None:
                    n = len(self.threatened(side))
                    if n:
                        found.append((n, m))
            finally:
                pos.unmake(undo)
        found.sort(key=lambda nm: -nm[0])
        return found

    # ------------------------------------------------------------ forced wins

    def _known(self, side: int, kind: int, depth: int) -> int | None:
        """NONE or a move when the table settles it at ``depth``; None when it does not."""
        entry = self.known.get((self.pos.hash, side, kind))
        if entry is None:
            return None
        d, move = entry
        if move != NONE and d <= depth:
            return move
        if move == NONE and d >= depth:
            return NONE
        return None

    def vcf(self, depth: int) -> int | None:
        """A first move of a win by fours alone for the side to move, at most ``depth``
        fours deep; None when there is none (or none within the limit's nodes)."""
        pos = self.pos
        side = pos.to_move
        win = pos.winning_move(side)
        if win is not None:
            return win
        if depth <= 0:
            return None
        known = self._known(side, VCF, depth)
        if known is not None:
            return None if known == NONE else known
        found = NONE
        for m in self.fours():
            undo = self._make(m)
            try:
                if self._all_lose(side, depth - 1):
                    found = m
                    break
            finally:
                pos.unmake(undo)
        self.known[pos.hash, side, VCF] = (depth, found)
        return None if found == NONE else found

    def _all_lose(self, side: int, depth: int) -> bool:
        """After ``side`` made a four: whether every block still loses to fours."""
        pos = self.pos
        if pos.hand[side] and len(pos.completions(side)) >= 2:
            return True
        for answer in self.blocks():
            undo = self._make(answer)
            try:
                if pos.won(-side) or self.vcf(depth) is None:
                    return False
            finally:
                pos.unmake(undo)
        return True

    def vct(self, depth: int, gains: tuple[int, ...] = (), width: int = 8) -> int | None:
        """A first move of a win by fours and threes for the side to move, at most
        ``depth`` threats deep; None when there is none (or none within the limit)."""
        pos = self.pos
        side = pos.to_move
        win = pos.winning_move(side)
        if win is not None:
            return win
        if pos.winning_move(-side) is not None:  # blocked first, then the attack goes on
            if depth <= 0:
                return None
            for block in self.blocks():
                undo = self._make(block)
                try:
                    if pos.won(side) or self._defended(side, depth - 1, gains):
                        return block
                finally:
                    pos.unmake(undo)
            return None
        forks = self.threatened(side)
        if forks:  # a four no block meets, now
            for m in pos.moves_onto(forks):
                undo = self._make(m)
                try:
                    if (
                        pos.winning_move(side) is not None
                        and pos.winning_move(-side) is None
                        and self.unstoppable()
                    ):
                        return m
                finally:
                    pos.unmake(undo)
        if depth <= 0:
            return None
        known = self._known(side, VCT, depth)
        if known is not None:
            return None if known == NONE else known
        found = NONE
        moves = self.fours() + [m for _, m in self.threes(gains)[:width]]
        for m in moves:
            undo = self._make(m)
            try:
                if self._defended(side, depth - 1, gains + (target_of(m),)):
                    found = m
                    break
            finally:
                pos.unmake(undo)
        self.known[pos.hash, side, VCT] = (depth, found)
        return None if found == NONE else found

    def _defended(self, side: int, depth: int, gains: tuple[int, ...]) -> bool:
        """The other side to move after ``side``'s threat: whether every defence loses."""
        pos = self.pos
        if pos.winning_move(-side) is not None:
            return False
        if pos.winning_move(side) is not None:  # a four: only its blocks
            if pos.hand[side] and len(pos.completions(side)) >= 2:
                return True
            answers = self.blocks()
        else:  # a three: a square that spoils every four it threatens, or a four of one's own
            threats = self.threatened(side)
            if not threats:
                return False
            spoil = set.intersection(*threats.values())
            answers = pos.moves_onto(spoil)
            if pos.hand[-side] >= 2:  # a piece placed there spoils as well as one moved
                answers = [m for m in answers if m < 128]
            answers += [m for m in self.fours() if m & 127 not in spoil]
        for answer in answers:
            undo = self._make(answer)
            try:
                if pos.won(-side) or self.vct(depth, gains) is None:
                    return False
            finally:
                pos.unmake(undo)
        return True

    # ------------------------------------------------------------ for the other side

    def against(self, search, *args) -> int | None:
        """``search`` (a bound :meth:`vcf` or :meth:`vct`) for the side *not* to move, as
        if it had the move: what it threatens if left alone."""
        self.pos.pass_turn()
        try:
            return search(*args)
        finally:
            self.pos.pass_turn()
