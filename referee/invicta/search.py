"""The default player's thinking: threats first, then alpha-beta, all on node budgets.

A move is chosen in the order a strong player thinks (and Gomocup engines search):

1. a win now; against the opponent's win in one, only the moves that block it;
2. a forced win of its own by fours (VCF), then by fours and threes (VCT), found by the
   threat-space search of :mod:`referee.invicta.threats`;
3. what the opponent would win by if left alone (its VCF, its VCT: a double three set up
   in one move is a VCT one threat deep): then only the moves after which it has none are
   played, each checked by the same search;
4. among the moves left, an iterative-deepening alpha-beta over the window counts of
   :mod:`referee.invicta.position`, whose evaluation sees forks (a side with a square for
   an open four, or two threes no single move blocks, is winning);
5. the chosen move is checked once more: after it the opponent must have no forced win.

Every part counts the moves it makes against a budget of its own (:class:`Budgets`), so
the same position gets the same move on an idle machine and on a busy one: forced lines
are found by the threat search, not by depth bought with time. The wall clock is only a
safety for a machine so starved that even the budgets would take too long: the thinking
before the checks may run until :data:`SEARCHING` of the move's seconds, the checks of the
chosen move until all of them (so a starved search still leaves the checks their time).
How often it cut a part is counted (``Searcher.capped``).
"""

from __future__ import annotations

import time
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from referee.invicta.position import AT, WINDOWS, Position, target_of
from referee.invicta.threats import Exhausted, Limit, ThreatSpace, fork_points

SEARCHING = 0.75  # the share of the move's safety seconds the thinking before the checks may use
WIN = 10_000_000
UNKNOWN = -2  # what a threat search that ran out of nodes found
SOON = WIN // 2  # a win the evaluation sees coming (an open four to make), not yet played
FORK = 200_000  # two threes of the opponent that no single move blocks
THREE = 1_500  # a three the other side has to answer
HAND = 30  # a piece in hand: it may go anywhere, so it is worth more than its windows say
LAST = 300  # having pieces in hand when the other side has none
# What a move to a square gains: making k+1 of one's own window, and spoiling k of the other's.
MAKE = (1, 5, 30, 400, 100000)
SPOIL = (0, 4, 25, 300, 50000)


@dataclass(frozen=True)
class Budgets:
    """Nodes (moves made) each part of a move's thinking may spend."""

    vcf: int = 2_000  # its own win by fours
    vct: int = 6_000  # its own win by fours and threes, the depths one after another
    threat: int = 10_000  # the opponent's forced win if we passed
    search: int = 30_000  # the alpha-beta (its leaves look for wins by fours too)
    safety: int = 6_000  # checking a move against the opponent's forced wins
    tries: int = 3  # the alpha-beta's best moves checked
    zone: int = 5  # and the best moves against the opponent's threat
    vcf_depth: int = 12  # fours in a row
    vct_depth: int = 4  # threats in a row
    root: int = 20  # moves the alpha-beta starts from (the best by their threats)
    quiet_plies: int = 16  # blocks played out at a leaf up to this ply
    quiet_fours: int = 5  # a leaf's win by fours looked for this many fours deep
    quiet_nodes: int = 40  # and within this many nodes


def evaluate(pos: Position) -> int:
    """The position's worth to the side to move: the windows' worth and the pieces in hand,
    and the threats: a square for an open four wins when the other side has no four; two
    threes of the other side that no single move blocks nearly lose."""
    side = pos.to_move
    value = side * pos.score + HAND * (pos.hand[side] - pos.hand[-side]) + 10
    if not pos.hand[side] or not pos.hand[-side]:  # the last piece in hand blocks anywhere
        value += LAST * (bool(pos.hand[side]) - bool(pos.hand[-side]))
    mine = fork_points(pos, side) if pos.hand[side] >= 2 else {}
    theirs = fork_points(pos, -side) if pos.hand[-side] >= 2 else {}
    if mine and not pos.fours[-side]:
        return SOON
    if theirs:
        value -= FORK if not coverable(theirs) else THREE * len(theirs)
    return value + THREE // 3 * len(mine)


def coverable(points: dict[int, set[int]]) -> bool:
    """Whether one square spoils every one of these squares for an open four."""
    spots = set(points)
    for ends in points.values():
        spots |= ends
    return any(
        all(s == p or len(ends - {s}) < 2 for p, ends in points.items()) for s in sorted(spots)
    )


# A square's worth before any piece is near: MAKE[0] for each window through it.
BASE = tuple(len(windows) * MAKE[0] for windows in AT)
# What a window holding a pieces of a side and b of the other adds to each of its squares'
# worth to that side, beyond MAKE[0]: making a+1 of its own, or spoiling b of the other's.
BEYOND = tuple(
    tuple(
        (MAKE[a] if b == 0 and a < len(MAKE) else SPOIL[b] if a == 0 and b < len(SPOIL) else 0)
        - MAKE[0]
        for b in range(6)
    )
    for a in range(6)
)


def square_values(pos: Position, side: int) -> list[int]:
    """What a piece of ``side`` arriving on each square would make and spoil (occupied
    squares' values mean nothing): each window touched by a piece adds to its squares."""
    values = list(BASE)
    for cells, a, b in zip(WINDOWS, pos.count[side], pos.count[-side], strict=True):
        if a or b:
            v = BEYOND[a][b]
            if v:
                for i in cells:
                    values[i] += v
    return values


def leaving(pos: Position, origin: int, side: int) -> int:
    """What ``side`` loses by taking its piece off ``origin``."""
    mine, theirs = pos.count[side], pos.count[-side]
    v = 0
    for w in AT[origin]:
        if theirs[w] == 0:
            v += MAKE[mine[w] - 1]
        elif mine[w] == 1:
            v += SPOIL[theirs[w]]
    return v


def ordered(pos: Position, moves: list[int], first: int | None = None) -> list[int]:
    """``moves`` best first by the threats they make and block (``first`` before all)."""
    side = pos.to_move
    values = square_values(pos, side)
    losses: dict[int, int] = {}
    scored = []
    for k, m in enumerate(moves):  # (-worth, k): equal moves keep the caller's order
        if m < 128:  # a placement
            scored.append((-values[m], k, m))
            continue
        origin = (m >> 7) - 1
        loss = losses.get(origin)
        if loss is None:  # a placement is worth a little more than the same move
            loss = losses[origin] = leaving(pos, origin, side) + 2
        scored.append((loss - values[m & 127], k, m))
    scored.sort()
    found = [m for _, _, m in scored]
    if first is not None and first in moves:
        found.remove(first)
        found.insert(0, first)
    return found


def double_threat(pos: Position, side: int) -> bool:
    """Whether ``side`` (with a piece in hand) has two squares that would complete five:
    one move can fill only one of them, so the other wins next move."""
    return bool(pos.hand[side] and pos.fours[side]) and len(pos.completions(side)) >= 2


def defences(pos: Position) -> list[int]:
    """The moves of the side to move after which the opponent has no win in one."""
    side = pos.to_move
    found = []
    for m in pos.moves():
        undo = pos.make(m)
        if pos.won(side) or pos.winning_move(-side) is None:
            found.append(m)
        pos.unmake(undo)
    return found


class Searcher:
    """One player's thinking, a move at a time (nothing is kept from move to move, so a
    move depends on the position, the budgets and the order of the moves given)."""

    def __init__(self, budgets: Budgets | None = None, seconds: float = 4.0) -> None:
        self.budgets = budgets or Budgets()
        self.seconds = seconds  # the safety cap of a whole move, in wall-clock seconds
        self.table: dict[int, tuple[int, int, int, int]] = {}  # hash -> depth, flag, value, move
        self.orders: dict[int, list[int]] = {}  # hash -> the position's moves, ordered
        self.nodes = 0
        self.limit = Limit(0)
        self.space = ThreatSpace(Position([0] * 90, {1: 0, -1: 0}, 1), self.limit)
        self.deadline = 0.0
        self.stats: dict[str, object] = {}
        self.limits: list[Limit] = []

    def _limit(self, nodes: int, checking: bool = False) -> Limit:
        """A part's node budget, and the safety deadline: the move's end for the checks of
        the chosen move, :data:`SEARCHING` of its seconds for the thinking before them."""
        cut = 0.0 if checking else self.seconds * (1 - SEARCHING)
        limit = Limit(nodes, self.deadline - cut)
        self.limits.append(limit)
        return limit

    @property
    def spent(self) -> int:
        """The nodes this move's thinking has made so far."""
        return sum(limit.spent for limit in self.limits)

    @property
    def capped(self) -> int:
        """How many parts of this move's thinking the safety deadline cut (0 unless the
        machine was starved: then the move may differ from an idle machine's)."""
        return sum(limit.timed_out for limit in self.limits)

    def _threats(self, pos: Position, nodes: int, search) -> int | None:
        """``search(space)`` within ``nodes``; None when it finds nothing or runs out."""
        try:
            return search(ThreatSpace(pos, self._limit(nodes)))
        except Exhausted:
            return None

    # ------------------------------------------------------------ the opponent's threats

    def _loses(self, pos: Position, nodes: int, checking: bool) -> int | None:
        """After a move of ours (the opponent to move): the first move of the opponent's
        forced win by threats, or None when it has none; :class:`Exhausted` when the budget
        ran out before the search could say."""
        b = self.budgets
        space = ThreatSpace(pos, self._limit(nodes, checking))
        found = space.vcf(b.vcf_depth)
        for depth in range(1, b.vct_depth + 1):
            if found is not None:
                break
            found = space.vct(depth)
        return found

    def _threat(self, pos: Position) -> int | None:
        """The first move of the opponent's forced win if we passed, None if it has none,
        or ``UNKNOWN`` when the budget ran out before the search could say."""
        pos.pass_turn()
        try:
            return self._loses(pos, self.budgets.threat, False)
        except Exhausted:
            return UNKNOWN
        finally:
            pos.pass_turn()

    def _zone(self, pos: Position, threat: int) -> list[int]:
        """Our moves that may stop the opponent's threat, best spoilers first: onto the
        square its threat starts on and the empty squares of its rows through it, onto the
        squares of the fours it threatens, and our own fours (they gain a move)."""
        side = pos.to_move
        mine, theirs = pos.count[side], pos.count[-side]
        start = target_of(threat)
        zone = {start} | pos.completions(-side)
        for w in AT[start]:
            if theirs[w] >= 1 and mine[w] == 0:
                zone.update(i for i in WINDOWS[w] if not pos.cells[i])
        b = self.budgets
        space = ThreatSpace(pos, self._limit(b.vcf))
        try:
            for squares in space.threatened(-side).values():
                zone |= squares
            fours = set(space.fours())
        except Exhausted:
            fours = set()
        return ordered(pos, [m for m in pos.moves() if target_of(m) in zone or m in fours])

    # ------------------------------------------------------------ alpha-beta

    def _tick(self) -> None:
        self.nodes += 1
        self.limit.charge()

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        side = pos.to_move
        if pos.winning_move(side) is not None:
            return WIN - ply
        if double_threat(pos, -side):
            return -WIN + ply + 1
        if depth <= 0:
            return self._quiet(pos, alpha, beta, ply)
        entry = self.table.get(pos.hash)
        best_move = None
        if entry is not None:
            d, flag, value, best_move = entry
            if d >= depth:
                if flag == 0 or (flag > 0 and value >= beta) or (flag < 0 and value <= alpha):
                    return value
        moves = self.orders.get(pos.hash)
        if moves is None:  # ordering is most of a node's cost: each position's is kept
            moves = ordered(pos, pos.moves())
            self.orders[pos.hash] = moves
        if not moves:
            if pos.blocked_loses:
                return -WIN + ply
            if not pos.can_move(-side):
                return 0
            pos.pass_turn()
            try:
                return -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            finally:
                pos.pass_turn()
        threat = pos.winning_move(-side) is not None
        if best_move is not None and best_move != moves[0] and best_move in moves:
            moves = [best_move] + [m for m in moves if m != best_move]
        if not threat:
            moves = moves[: 8 + 4 * depth]
        start_alpha, best, best_move = alpha, -WIN - 1, moves[0]
        for k, m in enumerate(moves):
            undo = pos.make(m)
            try:
                if pos.won(side):
                    value = WIN - ply - 1
                elif k == 0:
                    value = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                else:  # the first move is likely best: the others only have to be shown worse
                    value = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < value < beta:
                        value = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            finally:
                pos.unmake(undo)
            if value > best:
                best, best_move = value, m
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = 1 if best >= beta else (-1 if best <= start_alpha else 0)
        self.table[pos.hash] = (depth, flag, best, best_move)
        return best

    def _quiet(self, pos: Position, alpha: int, beta: int, ply: int) -> int:
        """A leaf's value once the threats are played out (the search's quiescence): a win
        in one of the other side's is blocked, every block tried, without counting depth;
        a win by fours of the side to move is a win; else the evaluation."""
        side = pos.to_move
        if pos.winning_move(-side) is not None:
            if ply >= self.budgets.quiet_plies:
                return evaluate(pos)
            best = -WIN + ply + 1  # no block: lost
            for m in self.space.blocks():
                undo = pos.make(m)
                try:
                    value = (
                        WIN - ply - 1
                        if pos.won(side)
                        else -self.negamax(pos, 0, -beta, -max(alpha, best), ply + 1)
                    )
                finally:
                    pos.unmake(undo)
                best = max(best, value)
                if best >= beta:
                    break
            return best
        if self._fours_win(pos):
            return SOON - ply
        return evaluate(pos)

    def _fours_win(self, pos: Position) -> bool:
        """Whether the side to move wins by fours, looked for within a leaf's few nodes
        (charged to the search's budget too)."""
        space = self.space
        space.limit = probe = Limit(self.budgets.quiet_nodes, within=self.limit)
        try:
            return space.vcf(self.budgets.quiet_fours) is not None
        except Exhausted as out:
            if out.limit is not probe:
                raise
            return False
        finally:
            space.limit = self.limit

    def _root(self, pos: Position, moves: list[int], depth: int, avoid) -> dict[int, int]:
        """Each root move's value at ``depth``."""
        alpha, beta = -WIN - 1, WIN + 1
        side = pos.to_move
        values: dict[int, int] = {}
        for m in moves:
            undo = pos.make(m)
            try:
                if pos.won(side):
                    value = WIN
                elif pos.hash in avoid:
                    value = 0
                else:
                    value = -self.negamax(pos, depth - 1, -beta, -alpha + 1, 1)
            finally:
                pos.unmake(undo)
            values[m] = value
            alpha = max(alpha, value)
        return values

    def _ranked(self, pos: Position, moves: list[int], avoid, zone: list[int]) -> list[int]:
        """``moves`` best first by the deepest alpha-beta the budget allows (from the best
        ones by their threats, and the zone's best against the opponent's threat)."""
        self.table.clear()
        self.orders.clear()
        self.limit = self._limit(self.budgets.search)
        self.space = ThreatSpace(pos, self.limit)  # the leaves' threats, on the same budget
        order = ordered(pos, moves)
        head = list(dict.fromkeys(order[: self.budgets.root] + zone[: self.budgets.zone]))
        tail = [m for m in order if m not in head]
        try:
            for depth in range(1, 12):
                values = self._root(pos, head, depth, avoid)
                head = sorted(values, key=lambda m: -values[m])  # stable: ties keep order
                self.stats["depth"] = depth
                if abs(values[head[0]]) >= SOON:
                    break
        except Exhausted:
            pass
        return head + tail

    # ------------------------------------------------------------ the move

    def best(self, pos: Position, moves: list[int], avoid: AbstractSet[int] = frozenset()) -> int:
        """The move to play among ``moves`` (all legal); ``avoid``: hashes of positions that
        would come round a third time (draws)."""
        self.deadline = time.perf_counter() + self.seconds
        self.stats = {}
        self.limits = []
        b = self.budgets
        side = pos.to_move
        win = pos.winning_move(side)
        if win is not None and win in moves:
            self.stats["why"] = "five"
            return win
        threat = pos.winning_move(-side)
        candidates = moves
        if threat is not None:
            blocks = [m for m in defences(pos) if m in moves]
            if len(blocks) <= 1:
                self.stats["why"] = "block"
                return blocks[0] if blocks else ordered(pos, moves)[0]
            candidates = blocks
        else:
            for name, search in (("vcf", lambda s: s.vcf(b.vcf_depth)), ("vct", self._own_vct)):
                found = self._threats(pos, getattr(b, name), search)
                if found is not None and found in moves:
                    self.stats["why"] = name
                    return found
            threat = self._threat(pos)
        self.stats["why"] = "search"
        self.stats["threat"] = threat
        zone = [] if threat in (None, UNKNOWN) else self._zone(pos, threat)
        zone = [m for m in zone if m in candidates]
        ranked = self._ranked(pos, candidates, avoid, zone)
        return self._safe(pos, ranked, zone, threat is not None)

    def _own_vct(self, space: ThreatSpace) -> int | None:
        found = None
        for depth in range(1, self.budgets.vct_depth + 1):
            try:
                found = space.vct(depth)
            except Exhausted:
                break
            if found is not None:
                break
        return found

    def _safe(self, pos: Position, ranked: list[int], zone: list[int], threat: bool) -> int:
        """The first of the best moves after which the opponent has no forced win (a
        placement needs no check when the opponent had none even with a move in hand: a
        piece placed takes nothing away from us), then the moves of the zone; else the
        best."""
        b = self.budgets
        side = pos.to_move
        tries = list(dict.fromkeys(ranked[: b.tries] + zone[: b.zone]))
        unknown = None  # the first move the check could not clear in its budget
        for k, m in enumerate(tries):
            if not threat and m < 128 and pos.hand[side] > 1:
                return m
            undo = pos.make(m)
            try:
                if pos.won(side) or self._loses(pos, b.safety, True) is None:
                    self.stats["checked"] = k + 1
                    return m
            except Exhausted:
                unknown = m if unknown is None else unknown
            finally:
                pos.unmake(undo)
        self.stats["checked"] = -len(tries)
        return ranked[0] if unknown is None else unknown
