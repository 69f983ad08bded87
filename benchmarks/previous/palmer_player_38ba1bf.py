"""Palmer's computer players: given only a seat's view, the line that seat says next.

Level 0 draws from the view's legal lines (it never writes a statement). The strong
player (:class:`ProvingPlayer`) reads the board from the view and asks its own engine
(the judge's portfolio: E, cvc5, Z3 and the model finders on two workers) what is
claimable now, through the same incremental analysis the claimable-now hint uses
(:mod:`referee.palmer.analysis`): it claims only what its engine proved, inconsistency
first, so the referee rejects none of its claims. Then, for statements its hand can
write, it asks whether the board they make hands the next player nothing (one ply:
still consistent, shown by a model, and no statement provably redundant), reusing the
board's analysis (remembered countermodels re-checked by the evaluator) so that most
candidates cost few questions. It passes, discarding, when none of them is safe.

One deadline holds for the whole move (claims first, then writing) and is passed into
every question as the engine's own time limit. Between its turns the player may
:meth:`ProvingPlayer.ponder` the board it is shown (its seat's view only), so that
the analysis at its turn is mostly reused.
"""

from __future__ import annotations

import enum
import itertools
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.language import ast
from referee.language.deck import DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary
from referee.logic.engine import Engine, Limits, Status
from referee.logic.model import Model
from referee.palmer import analysis
from referee.palmer.analysis import Budget, Claimable, Consistency, Stated
from referee.palmer.permissions import PlayRefused, check_cards_allow, negation_sites
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 2
# Seconds at most per question of the board's own analysis (the referee's own limit,
# if shorter): what the referee can prove in its limit, the player should not miss.
QUESTION_SECONDS = 2.0
# The move's deadline: the claims' questions end CLAIM_SECONDS after the move began,
# writing's MOVE_SECONDS after (each question's limit is what is left of it).
CLAIM_SECONDS = 2.0
MOVE_SECONDS = 2.8
# Seconds per question when trying a statement to write: one left open costs it whole.
TRY_SECONDS = 0.3
CANDIDATES = 24  # statements (and ¬ places) tried at most in one turn
# Between turns: the board is analysed for at most this long (the questions' limit as
# at a turn); the table's next change stops it.
PONDER_SECONDS = 3.0
PONDER_QUESTION_SECONDS = 1.0  # so that the table's next change waits at most this long


# The default (level 2) answers within about WRITE_UNTIL seconds of its move's start: its
# claims first (each question up to the referee's limit, by CLAIM_SECONDS in all, so that a
# claim the referee can prove is not missed), then writing until WRITE_UNTIL, or for
# MIN_WRITE seconds after claims that took longer.
WRITE_UNTIL = 1.0
MIN_WRITE = 0.2
OPEN_BY = 0.5
SAFE_WANTED = 3  # safe statements found before the one that sets the best trap is chosen
NEXT_STATEMENTS = 12  # statements another player might write next, imagined per choice


def computer_player(level: int = DEFAULT_LEVEL, seed: int | None = None) -> ComputerPlayer:
    """Level 0: random legal lines; 1: :class:`ProvingPlayer`; 2 (the default):
    :class:`TrappingPlayer`."""
    if level <= 0:
        return RandomPlayer(seed)
    return ProvingPlayer(seed) if level == 1 else TrappingPlayer(seed)


# ------------------------------------------------------------ the board, from the view


@dataclass(frozen=True)
class Entry:
    id: int
    statement: ast.Statement
    scored: bool
    vocabulary: Vocabulary | None = None  # the names it was written under (for ¬ places)


@dataclass(frozen=True)
class Board:
    """The board as a seat's view shows it, read back into statements."""

    entries: tuple[Entry, ...]
    vocabulary: Vocabulary  # the deck's symbols and the names given so far
    deck_vocabulary: Vocabulary  # the deck's alone (names are not on any card)

    @property
    def formulas(self) -> list[ast.Formula]:
        return [e.statement.asserted for e in self.entries]


def read_board(view: Mapping[str, Any]) -> Board | None:
    """The view's board, each statement read under the names given before it (None if
    one does not read: the player then writes nothing and claims nothing)."""
    vocab = view.get("vocabulary") or {}
    names: dict[str, int] = dict(view.get("names") or {})
    functions = dict(vocab.get("functions") or {})
    predicates = dict(vocab.get("predicates") or {})
    deck = Vocabulary(predicates, {f: a for f, a in functions.items() if f not in names})
    entries = []
    try:
        for item in view.get("board") or []:
            given = {
                n: functions[n] for n, by in names.items() if by < item["id"] and n in functions
            }
            at_the_time = Vocabulary(predicates, {**deck.functions, **given})
            statement = parse_statement(item["statement"], at_the_time)
            entries.append(Entry(item["id"], statement, bool(item.get("scored")), at_the_time))
    except (ParseError, KeyError, TypeError, ValueError):
        return None
    return Board(tuple(entries), Vocabulary(predicates, functions), deck)


# ------------------------------------------------------------ what is claimable


def question(board: Board, timeout: float) -> analysis.Board:
    """``board`` as the analysis asks about it: the statements a claim's premises are,
    under the referee's limit per question."""
    return analysis.Board(
        tuple(Stated(e.id, e.statement.asserted, not e.scored) for e in board.entries),
        board.vocabulary,
        timeout,
    )


def claimable(
    engine: Engine,
    board: analysis.Board,
    previous: Claimable | None,
    budget: Budget,
    stale: Callable[[], bool] = lambda: False,
) -> Claimable:
    """What is claimable on ``board`` (the hint's analysis, reusing ``previous``), asked
    until a claim is proved or ``budget`` is spent."""
    return analysis.analyze(board, engine, previous, stale, replace(budget, stop_at_claim=True))


class Safety(enum.Enum):
    SAFE = "safe"  # consistent, and every statement shown not to follow (or open before)
    DOUBTFUL = "doubtful"  # consistent, nothing proved redundant, some question left open
    UNSAFE = "unsafe"  # a claim for the next player, or consistency not shown


def hands_nothing(
    engine: Engine, now: Claimable, candidate: Candidate, budget: Budget
) -> tuple[Safety, Claimable]:
    """One ply: whether the board ``candidate`` leaves hands the next player no claim,
    and the analysis of that board (the player's next turn may reuse it).

    The board's analysis ``now`` is reused (a statement added: its countermodels that
    still hold need no question); the first claim found ends it. Every statement must
    be asked or reused (one left unasked for want of time: unsafe); one ``now`` left
    open may stay open; any other left open is a doubt.
    """
    after = claimable(engine, candidate.board, now, budget)
    if (
        after.board != Consistency.CONSISTENT
        or after.redundant
        or after.unasked
        or after.board_unasked
    ):
        return Safety.UNSAFE, after
    open_before = set(now.unknown) - {candidate.changed}
    if set(after.unknown) - open_before:
        return Safety.DOUBTFUL, after
    return Safety.SAFE, after


# ------------------------------------------------------------ statements a hand can write


def deck_card(data: Mapping[str, Any]) -> DeckCard:
    """A hand card as the view describes it, as the rules' card check takes it."""
    return DeckCard(
        id=data["id"],
        kind=data["kind"],
        label=data["label"],
        symbol=data.get("symbol"),
        prefix=tuple(data.get("prefix") or ()),
        variables=tuple(data.get("variables") or ()),
        statement=data.get("statement"),
        action=data.get("action"),
    )


@dataclass(frozen=True)
class Candidate:
    """A move that writes on the board: the line, and the board it leaves."""

    line: str
    board: analysis.Board  # as the analysis asks about it
    changed: int  # the board id written (a new statement's) or negated
    preference: float  # higher first


_SIGN = {ast.FORALL: "∀", ast.EXISTS: "∃", ast.UNIQUE: "∃!"}
_SYMBOL_PREFIXES = (
    (ast.FORALL,),
    (ast.EXISTS,),
    (ast.FORALL, ast.FORALL),
    (ast.FORALL, ast.EXISTS),
    (ast.EXISTS, ast.FORALL),
)
_VARIABLES = ("x", "y", "z")


def _terms(rng: random.Random, variables: Sequence[str], functions: Mapping[str, int]) -> str:
    unary = [f for f, a in functions.items() if a == 1]
    binary = [f for f, a in functions.items() if a == 2]
    roll = rng.random()
    if unary and roll < 0.3:
        return f"{rng.choice(unary)}({rng.choice(variables)})"
    if binary and roll < 0.5:
        a, b = rng.choice(variables), rng.choice(variables)
        op = rng.choice(binary)
        return f"{a} {op} {b}" if not op.isalnum() else f"{op}({a}, {b})"
    return rng.choice(variables)


def _atom(rng: random.Random, variables: Sequence[str], symbols: Vocabulary) -> str:
    predicates = [p for p, a in symbols.predicates.items() if 1 <= a <= 2]
    functions = {f: a for f, a in symbols.functions.items() if 1 <= a <= 2}
    if predicates and (not functions or rng.random() < 0.7):
        p = rng.choice(predicates)
        args = [_terms(rng, variables, functions) for _ in range(symbols.predicates[p])]
        return f"{p}({', '.join(args)})"
    left = _terms(rng, variables, functions)
    return f"{left} = {rng.choice(variables)}"


def _body(rng: random.Random, variables: Sequence[str], symbols: Vocabulary) -> str:
    def literal() -> str:
        atom = _atom(rng, variables, symbols)
        return f"¬{atom}" if rng.random() < 0.3 and "=" not in atom else atom

    first = literal()
    if rng.random() < 0.4:
        return first
    return f"{first} {rng.choice(('∧', '∨', '→'))} {literal()}"


def _texts(
    rng: random.Random, prefix: Sequence[str], symbols: Vocabulary, tries: int
) -> Iterator[str]:
    variables = _VARIABLES[: len(prefix)]
    quantifiers = " ".join(f"{_SIGN[k]}{v}" for k, v in zip(prefix, variables, strict=False))
    for _ in range(tries):
        yield f"{quantifiers} ({_body(rng, variables, symbols)})"


@dataclass(frozen=True)
class Hand:
    words: tuple[str, ...]  # what the table types for each card (position or short name)
    cards: tuple[DeckCard, ...]


def _plays(
    rng: random.Random, hand: Hand, board: Board, every_card_used: bool
) -> Iterator[tuple[str, ast.Statement, int]]:
    """(line, statement, cards used) for statements the hand's cards allow, a few per
    combination of cards, each checked by the rules' own card check."""
    indexed = list(zip(hand.words, hand.cards, strict=True))
    symbol_cards = [(w, c) for w, c in indexed if c.kind in "PFR"]
    q_cards = [(w, c) for w, c in indexed if c.kind == "Q"]
    wild = [(w, c) for w, c in indexed if c.kind == "X" and c.action == "any"]
    combos: list[tuple[list[tuple[str, DeckCard]], list[tuple[str, ...]], Vocabulary]] = []
    for size in (1, 2):
        for chosen in itertools.combinations(symbol_cards, size):
            names = {c.symbol for _, c in chosen}
            if len(names) < size:
                continue
            symbols = _restrict(board.vocabulary, names)
            combos.append((list(chosen), list(_SYMBOL_PREFIXES), symbols))
        for chosen in itertools.combinations(q_cards, size):
            chains = {
                tuple(k for _, c in order for k in c.prefix)
                for order in itertools.permutations(chosen)
            }
            chains = {c for c in chains if len(c) <= len(_VARIABLES)}
            if chains:
                combos.append((list(chosen), sorted(chains), board.deck_vocabulary))
    for chosen in wild[:1]:
        combos.append(([chosen], list(_SYMBOL_PREFIXES), board.deck_vocabulary))
    rng.shuffle(combos)
    seen: set[ast.Statement] = set()
    for chosen, prefixes, symbols in combos[:12]:
        cards = [c for _, c in chosen]
        words = " ".join(w for w, _ in chosen)
        found = 0
        for text in _texts(rng, rng.choice(prefixes), symbols, 12):
            try:
                statement = parse_statement(text, board.vocabulary)
                check_cards_allow(
                    cards, statement, board.deck_vocabulary, every_card_used=every_card_used
                )
            except (ParseError, PlayRefused):
                continue
            if statement in seen:
                continue
            seen.add(statement)
            found += 1
            yield f"play {words} : {to_unicode(statement)}", statement, len(cards)
            if found >= 2:
                break


def _restrict(vocabulary: Vocabulary, names: set[str | None]) -> Vocabulary:
    return Vocabulary(
        {p: a for p, a in vocabulary.predicates.items() if p in names},
        {f: a for f, a in vocabulary.functions.items() if f in names},
    )


def candidates(
    rng: random.Random,
    view: Mapping[str, Any],
    board: Board,
    moves: Sequence[str],
    asked: analysis.Board,
) -> list[Candidate]:
    """Writing moves worth trying, most preferred first: the hand's statements (more
    cards first: the hand is refilled; ∃ first: weak statements are the ones a later
    statement entails, a claim for the player after it), its S cards, its ¬ places."""
    you = view["you"]
    dealt = view.get("mode") == "dealt"
    cards = [c for c in you.get("hand") or [] if isinstance(c, Mapping)]
    hand = Hand(
        tuple(str(c["number"]) if dealt else str(c["name"]) for c in cards),
        tuple(deck_card(c) for c in cards),
    )
    rules = (view.get("settings") or {}).get("rules") or {}
    every = bool(rules.get("every_card_used", True))
    new_id = max((e.id for e in board.entries), default=0) + 1

    def written(statement: ast.Statement) -> analysis.Board:
        return asked.with_statement(Stated(new_id, statement.asserted, True))

    out = []
    for line, statement, used in _plays(rng, hand, board, every):
        weak = (
            statement.formula.kind == ast.EXISTS
            if isinstance(statement.formula, ast.Quant)
            else False
        )
        out.append(
            Candidate(
                line,
                written(statement),
                new_id,
                used + 0.5 * weak - 0.02 * len(line) + rng.random() * 0.1,
            )
        )
    for line in moves:
        if line.startswith("play "):  # an S card, as the legal lines list it
            statement = _s_statement(line, hand, board)
            if statement is not None:
                out.append(Candidate(line, written(statement), new_id, 1 + rng.random() * 0.1))
        elif line.startswith("negate "):
            _, number, place = line.split()
            target = next((e for e in board.entries if e.id == int(number)), None)
            if target is None:
                continue
            sites = negation_sites(target.statement, target.vocabulary or board.vocabulary)
            if int(place) <= len(sites):
                after = sites[int(place) - 1].after
                out.append(
                    Candidate(
                        line,
                        asked.replaced(target.id, after.asserted),
                        target.id,
                        0.5 + rng.random() * 0.1,
                    )
                )
    out.sort(key=lambda c: -c.preference)
    return out


def _s_statement(line: str, hand: Hand, board: Board) -> ast.Statement | None:
    """The statement an S card's legal line writes, for the small n worth trying."""
    words = line.split()
    if words[1] not in hand.words:
        return None
    card = hand.cards[hand.words.index(words[1])]
    n = None
    if len(words) > 2:
        n = int(words[2].removeprefix("n="))
        if n not in (2, 3):  # |L| ≥ 1 always holds, |L| < 1 never does: 2 or 3 only
            return None
    try:
        return parse_statement(card.statement_for(n), board.vocabulary)
    except (ParseError, ValueError):
        return None


# ------------------------------------------------------------ the player


class ProvingPlayer:
    """Claims what its engine proves; writes what leaves the next player no claim."""

    def __init__(self, seed: int | None = None, question_seconds: float = QUESTION_SECONDS):
        self.rng = random.Random(seed)
        self.question_seconds = question_seconds
        self._engine: Engine | None = None
        self._starting = threading.Lock()
        self._closed = False
        # The last analysis of a board it was shown: the next one reuses it.
        self.known: Claimable | None = None
        # The analysis of the board its last written line left, if that line is taken.
        self.written: Claimable | None = None

    @property
    def engine(self) -> Engine:
        with self._starting:
            if self._closed:
                raise RuntimeError("the player was closed")
            if self._engine is None:  # started on the first question: the judge's portfolio
                engine = Engine(Limits(timeout=self.question_seconds, memory_mb=1024))
                # Its workers start before any move's clock does: a move's choice must not
                # depend on how long processes take to start (only on the view and the seed).
                engine.warm()
                self._engine = engine
            return self._engine

    def close(self) -> None:
        with self._starting:
            self._closed = True
            if self._engine is not None:
                self._engine.close()
                self._engine = None

    def _timeout(self, view: Mapping[str, Any]) -> float:
        referee = (view.get("settings") or {}).get("claim_timeout")
        return (
            min(self.question_seconds, referee)
            if isinstance(referee, (int, float)) and referee > 0
            else self.question_seconds
        )

    def _analyze(
        self, view: Mapping[str, Any], board: Board, budget: Budget, stale=lambda: False
    ) -> Claimable:
        """The board's analysis within ``budget``, reusing (and then replacing) the last."""
        now = claimable(
            self.engine, question(board, self._timeout(view)), self._previous(board), budget, stale
        )
        self.known = now
        return now

    def _previous(self, board: Board) -> Claimable | None:
        """The earlier analysis this board only adds to, of the largest board (what its own
        last statement left, if the referee wrote it as the player expected, or the last
        board analysed: at its turn, or pondered since, which has more to reuse)."""
        basis = tuple((e.id, e.statement.asserted) for e in board.entries)
        found = [
            earlier
            for earlier in (self.written, self.known)
            if earlier is not None and analysis.additions(earlier, basis) is not None
        ]
        return max(found, key=lambda earlier: len(earlier.basis), default=None)

    def ponder(
        self,
        view: Mapping[str, Any],
        stale: Callable[[], bool] = lambda: False,
        seconds: float = PONDER_SECONDS,
    ) -> None:
        """Between turns: analyse the board this seat is shown (its view, nothing else)
        for up to ``seconds`` or until ``stale()``, so that its turn reuses the answer."""
        if view.get("finished") or legal(view):
            return
        board = read_board(view)
        if board is not None and board.entries:
            budget = Budget(time.monotonic() + seconds, PONDER_QUESTION_SECONDS)
            self._analyze(view, board, budget, stale)

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = legal(view)
        if not moves:
            return None
        board = read_board(view)
        if "vote yes" in moves:
            return self._vote(view, board)
        if board is None:
            return _fallback(moves)
        _ = self.engine  # started (and warm) before the move's clock starts
        start = time.monotonic()
        now = self._analyze(view, board, self._claim_budget(start))
        if now.board == Consistency.INCONSISTENT and "claim inconsistent" in moves:
            return "claim inconsistent"
        for board_id in now.redundant:
            if f"claim {board_id}" in moves:
                return f"claim {board_id}"
        deadline = self._write_deadline(start)
        return self._write(view, board, now, moves, deadline) or _fallback(moves)

    def _claim_budget(self, start: float) -> Budget:
        """What the move's look for a claim may spend, from ``start``."""
        return Budget(start + CLAIM_SECONDS)

    def _write_deadline(self, start: float) -> float:
        """When a move that claims nothing stops looking for a statement to write."""
        return start + MOVE_SECONDS

    def _write(
        self, view, board: Board, now: Claimable, moves: Sequence[str], deadline: float
    ) -> str | None:
        """The first safe candidate, else the first doubtful one (None: none in time)."""
        if now.board != Consistency.CONSISTENT:
            return None  # a board not shown consistent stays unknown whatever is written
        doubtful = None
        asked = question(board, self._timeout(view))
        budget = Budget(deadline, TRY_SECONDS)
        for candidate in candidates(self.rng, view, board, moves, asked)[:CANDIDATES]:
            if time.monotonic() >= deadline:
                break
            safety, after = hands_nothing(self.engine, now, candidate, budget)
            if safety is Safety.SAFE:
                self.written = after
                return candidate.line
            if safety is Safety.DOUBTFUL and doubtful is None:
                doubtful, self.written = candidate.line, after
        return doubtful

    def _vote(self, view: Mapping[str, Any], board: Board | None) -> str:
        """Yes only to a claim its engine proves (the table votes on what the referee could
        not settle)."""
        vote = view.get("vote") or {}
        if board is None:
            return "vote no"
        targets = set(vote.get("targets") or ())
        premises = [e.statement.asserted for e in board.entries if e.id not in targets]
        timeout = self._timeout(view)
        if vote.get("kind") == "inconsistent":
            verdict = self.engine.consistency(premises, timeout=timeout)
            return "vote yes" if verdict.status == Status.INCONSISTENT else "vote no"
        goals = [e.statement.asserted for e in board.entries if e.id in targets]
        verdict = self.engine.entailment(premises, goals, timeout=timeout)
        return "vote yes" if verdict.status == Status.ENTAILED else "vote no"


class TrappingPlayer(ProvingPlayer):
    """The default: claims as :class:`ProvingPlayer` does, then writes within about a
    second, and among the statements it finds safe it writes the one that sets the best
    trap: a look one turn ahead, through the same analysis, at statements another player
    might write next (drawn at random from the deck's symbols and quantifiers): the more
    of them would leave a statement of the board following from the rest (a claim, for
    the player after them; the player writing them is shown none by this statement),
    the better. A statement another player writes then more often hands the table a
    claim, and its own next turn comes after theirs.

    Its engine starts (and warms) as the player is made, so that no move of its waits for
    processes to start (the web table makes its computer players as it opens).
    """

    def __init__(self, seed: int | None = None, question_seconds: float = QUESTION_SECONDS):
        super().__init__(seed, question_seconds)
        _ = self.engine

    def _claim_budget(self, start: float) -> Budget:
        # Every question a claim may come from is asked at the referee's own limit; one a
        # full-length question left open before, only early in the move (it is the one
        # likeliest to run to its limit again; pondering asks it meanwhile).
        return Budget(start + CLAIM_SECONDS, open_by=start + OPEN_BY)

    def _write_deadline(self, start: float) -> float:
        return max(start + WRITE_UNTIL, time.monotonic() + MIN_WRITE)

    def _write(
        self, view, board: Board, now: Claimable, moves: Sequence[str], deadline: float
    ) -> str | None:
        """The safe candidate that sets the best trap of the first few found (None: none
        shown safe in time; a statement left in doubt may be a claim for the next player,
        so it is never written)."""
        if now.board != Consistency.CONSISTENT:
            return None
        asked = question(board, self._timeout(view))
        budget = Budget(deadline, TRY_SECONDS)
        safe: list[tuple[Candidate, Claimable]] = []
        for candidate in candidates(self.rng, view, board, moves, asked)[:CANDIDATES]:
            if time.monotonic() >= deadline or len(safe) >= SAFE_WANTED:
                break
            safety, after = hands_nothing(self.engine, now, candidate, budget)
            if safety is Safety.SAFE:
                safe.append((candidate, after))
        if not safe:
            return None
        nexts = self._next_statements(view, board)
        best = max(
            range(len(safe)),
            key=lambda k: (trap(safe[k][1], nexts, deadline), -k),
        )
        self.written = safe[best][1]
        return safe[best][0].line

    def _next_statements(self, view: Mapping[str, Any], board: Board) -> list[ast.Formula]:
        """Statements another player might write next: random ones over the deck's symbols,
        with a prefix of one or two quantifiers (as their P, F, R or Q cards would allow)."""
        out = []
        for _ in range(NEXT_STATEMENTS):
            prefix = self.rng.choice(_SYMBOL_PREFIXES)
            for text in _texts(self.rng, prefix, board.deck_vocabulary, 1):
                try:
                    out.append(parse_statement(text, board.vocabulary).asserted)
                except ParseError:
                    pass
        return out


def trap(after: Claimable, nexts: Sequence[ast.Formula], deadline: float) -> float:
    """How often a statement another player might write next would leave a statement of
    the board a candidate leaves (as its analysis ``after`` saw it: every statement shown
    not to follow, each by a countermodel) without its countermodel: then it may follow
    from the rest, a claim for the player after that one. Re-checked by the evaluator
    only, until ``deadline``."""
    countermodels = [m for _, m in after.countermodels if isinstance(m, Model)]
    if not countermodels or not nexts:
        return 0.0
    hits = 0
    for formula in nexts:
        if time.monotonic() >= deadline:
            break
        hits += any(not analysis.holds_in(m, formula, deadline) for m in countermodels)
    return hits / len(nexts)


def _fallback(moves: Sequence[str]) -> str | None:
    """A pass that discards the whole hand (a fresh hand may write safely), else a pass."""
    passes = [m for m in moves if m == "pass" or m.startswith("pass ")]
    if passes:
        return max(passes, key=len)
    return None
