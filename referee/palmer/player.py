"""Palmer's computer players: given only a seat's view, the line that seat says next.

Level 0 draws from the view's legal lines (it writes a statement only where the house
rule ``passing=stuck`` lists the plainest each card allows). The strong
player (:class:`ProvingPlayer`) reads the board from the view and asks what is
claimable now, through the same incremental analysis the claimable-now hint uses
(:mod:`referee.palmer.analysis`): it claims only what a prover refuted, inconsistency
first, so the referee rejects none of its claims. Then, for statements its hand can
write, it asks whether the board they make hands the next player nothing (one ply:
still consistent, shown by a model, and no statement provably redundant), reusing the
board's analysis (its countermodels re-checked by the evaluator) so that most
candidates cost few questions. It passes, discarding, when none of them is safe (and
where passing is not allowed, house rule ``passing=stuck``, it writes the one that
hands over least).

Its choice is a function of the view and its seed alone, on any machine at any load:
every question is answered within counted work (:mod:`referee.logic.counted`: cvc5's
resource units, E's processed clauses, the evaluator's steps), never a clock; the move
stops after a counted number of candidates and questions; its random draws are seeded
by the seed and the view. The analysis of a board is the chain of the analyses of its
prefixes, each reusing the one before (:meth:`ProvingPlayer.analysed`), remembered: a
pure function of the board, so what pondering or an earlier turn computed is reused
without changing any answer. The clock is only a safety cap (``MOVE_CAP``): a move that
reaches it (a machine far slower than any table's) says a fixed line instead, and is
counted (:attr:`ProvingPlayer.fallbacks`).
"""

from __future__ import annotations

import enum
import hashlib
import itertools
import json
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.language import ast
from referee.language.deck import DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary
from referee.logic.counted import Counted, Work
from referee.logic.engine import Engine, Limits, Status
from referee.logic.evidence import Evidence, Method
from referee.logic.model import Model
from referee.logic.verdict import Verdict
from referee.palmer import analysis
from referee.palmer.analysis import Budget, Claimable, Consistency, Stated
from referee.palmer.claims import Engine as Asked
from referee.palmer.permissions import PlayRefused, check_cards_allow, negation_sites
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 2
# What one question may spend (counted, so the same on any machine): cvc5's resource units
# (about 0.3 s at most on this machine, idle), then E's term bank insertions, and the
# evaluator's steps re-checking a model (benchmarks/RESULTS.md, issue 39).
WORK = Work(cvc5=20_000, e_inserts=30_000, steps=200_000)
# Safety caps (seconds), never reached at a table's load: one question's, in its worker,
# and a move's (past it the move says a fixed line: see ProvingPlayer.fallbacks).
QUESTION_CAP = 10.0
MOVE_CAP = 20.0
CANDIDATES = 24  # statements (and ¬ places) tried at most in one turn
MOVE_QUESTIONS = 40  # questions at most (answered or remembered) while looking for one
# Where a pass is not allowed (house rule passing=stuck) a statement that hands the next
# player a claim cannot be avoided by passing: the search is wider.
STUCK_CANDIDATES, STUCK_QUESTIONS, STUCK_PER_COMBO = 24, 24, 4
# Questions at most for one statement tried (more: taken as unsafe); where it may not pass.
CHECK_QUESTIONS, STUCK_CHECK_QUESTIONS = 8, 8
# The default draws more statements for each set of cards and tries first those its
# analysis's models all keep (TrappingPlayer._order).
SCREENED, SCREENED_STUCK = 6, 10
SAFE_WANTED = 3  # safe statements found before the one that sets the best trap is chosen
# Where it may not pass: searches (each as wide) before a statement in doubt. A second
# search cost the slowest moves 2-4 s and won no more games (benchmarks/RESULTS.md).
STUCK_SEARCHES = 1
NEXT_STATEMENTS = 12  # statements another player might write next, imagined per choice
# The default's second look at what the board's analysis left open (a claim the table
# could prove is seldom left to the next player): more work, for a few questions a turn.
SECOND_LOOK = Work(cvc5=100_000, e_inserts=150_000, steps=200_000)
SECOND_LOOKS = 3
NEIGHBOURS = 6  # other models of the board looked for (a fact changed), where it may not pass
ANALYSES = 256  # board analyses remembered (the chains of prefixes of recent boards)
# Between turns: the board is analysed for at most this long (pondering only fills what
# is remembered, so it changes no choice); the table's next change stops it.
PONDER_SECONDS = 3.0


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
    erased: tuple[Entry, ...] = ()  # upheld as redundant and erased, as they last stood

    @property
    def history(self) -> tuple[Stated, ...]:
        """Every statement written and still known, on the board or erased, in the order
        written (an erased one is asked about no more: not listed)."""
        stated = [Stated(e.id, e.statement.asserted, not e.scored) for e in self.entries]
        stated += [Stated(e.id, e.statement.asserted, False) for e in self.erased]
        return tuple(sorted(stated, key=lambda s: s.id))

    @property
    def formulas(self) -> list[ast.Formula]:
        return [e.statement.asserted for e in self.entries]


def read_board(view: Mapping[str, Any]) -> Board | None:
    """The view's board, each statement read under the names given before it (None if
    one does not read: the player then writes nothing and claims nothing), and the
    statements erased from it (upheld as redundant), as they last stood."""
    vocab = view.get("vocabulary") or {}
    names: dict[str, int] = dict(view.get("names") or {})
    functions = dict(vocab.get("functions") or {})
    predicates = dict(vocab.get("predicates") or {})
    deck = Vocabulary(predicates, {f: a for f, a in functions.items() if f not in names})

    def read(item: Mapping[str, Any]) -> Entry:
        given = {n: functions[n] for n, by in names.items() if by < item["id"] and n in functions}
        at_the_time = Vocabulary(predicates, {**deck.functions, **given})
        statement = parse_statement(item["statement"], at_the_time)
        return Entry(item["id"], statement, bool(item.get("scored")), at_the_time)

    try:
        entries = tuple(read(item) for item in view.get("board") or [])
        erased = tuple(read(item) for item in view.get("erased") or [])
    except (ParseError, KeyError, TypeError, ValueError):
        return None
    return Board(entries, Vocabulary(predicates, functions), deck, erased)


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
    engine: Asked,
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
    engine: Asked, now: Claimable, candidate: Candidate, budget: Budget
) -> tuple[Safety, Claimable]:
    """One ply: whether the board ``candidate`` leaves hands the next player no claim,
    and the analysis of that board (the player's next turn may reuse it).

    The board's analysis ``now`` is reused: a statement added, its countermodels that
    still hold need no question; a statement changed by a ¬, those of the others (and
    the board's model) that the new statement holds in (:func:`without`). The first
    claim found ends it. Every statement must be asked or reused (one left unasked:
    unsafe), save after a question left open (``budget.stop_at_open``): one ``now`` left
    open may stay open; any other left open is a doubt.
    """
    previous = now
    if analysis.additions(now, _basis(candidate.board)) is None:
        previous = without(now, candidate.changed)
    after = claimable(engine, candidate.board, previous, budget)
    if after.board != Consistency.CONSISTENT or after.redundant:
        return Safety.UNSAFE, after
    open_before = set(now.unknown) - {candidate.changed}
    if set(after.unknown) - set(after.unasked) - open_before:
        return Safety.DOUBTFUL, after
    if after.unasked or after.board_unasked:
        return Safety.UNSAFE, after
    return Safety.SAFE, after


def _basis(board: analysis.Board) -> tuple[tuple[int, ast.Formula], ...]:
    return tuple((s.id, s.formula) for s in board.statements)


def without(now: Claimable, board_id: int) -> Claimable:
    """What ``now`` still shows of its board without statement ``board_id`` (then changed
    by a ¬, and re-checked as added): its model is a model of fewer statements, and each
    other statement's countermodel still one (its premises only shrank); nothing proved
    is kept (a proof may have needed that statement)."""
    consistent = now.board == Consistency.CONSISTENT and now.model is not None
    return Claimable(
        analysis.State.READY,
        Consistency.CONSISTENT if consistent else Consistency.UNKNOWN,
        basis=tuple(b for b in now.basis if b[0] != board_id),
        model=now.model if consistent else None,
        countermodels=tuple((i, m) for i, m in now.countermodels if i != board_id),
    )


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


def _wide_body(rng: random.Random, variables: Sequence[str], symbols: Vocabulary) -> str:
    """Two or three literals of different atoms, joined by any connective (a wider
    search than :func:`_body`'s, which often says one atom twice)."""
    wanted = 2 if rng.random() < 0.6 else 3
    atoms: list[str] = []
    for _ in range(4 * wanted):
        atom = _atom(rng, variables, symbols)
        if atom not in atoms:
            atoms.append(atom)
        if len(atoms) == wanted:
            break
    literals = [f"¬({a})" if rng.random() < 0.35 else a for a in atoms]
    body = literals[0]
    for literal in literals[1:]:
        body = f"({body}) {rng.choice(('∧', '∨', '→', '↔'))} {literal}"
    return body


def _texts(
    rng: random.Random, prefix: Sequence[str], symbols: Vocabulary, tries: int, wide: bool = False
) -> Iterator[str]:
    variables = _VARIABLES[: len(prefix)]
    quantifiers = " ".join(f"{_SIGN[k]}{v}" for k, v in zip(prefix, variables, strict=False))
    body = _wide_body if wide else _body
    for _ in range(tries):
        yield f"{quantifiers} ({body(rng, variables, symbols)})"


@dataclass(frozen=True)
class Hand:
    words: tuple[str, ...]  # what the table types for each card (position or short name)
    cards: tuple[DeckCard, ...]


def _plays(
    rng: random.Random, hand: Hand, board: Board, every_card_used: bool, per_combo: int = 2
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
    for card in wild[:1]:
        combos.append(([card], list(_SYMBOL_PREFIXES), board.deck_vocabulary))
    rng.shuffle(combos)
    seen: set[ast.Statement] = set()
    for played, prefixes, symbols in combos[:12]:
        cards = [c for _, c in played]
        words = " ".join(w for w, _ in played)
        found = 0
        if per_combo <= 2:
            texts: Iterator[str] = _texts(rng, rng.choice(prefixes), symbols, 12)
        else:  # a wider search: each statement under a prefix of its own
            texts = (
                text
                for _ in range(4 * per_combo)
                for text in _texts(rng, rng.choice(prefixes), symbols, 1, wide=True)
            )
        for text in texts:
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
            if found >= per_combo:
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
    per_combo: int = 2,
) -> list[Candidate]:
    """Writing moves worth trying, most preferred first: the hand's statements (more
    cards first: the hand is refilled; ∃ first: weak statements are the ones a later
    statement entails, a claim for the player after it; ``per_combo`` for each set of
    cards), its S cards, its ¬ places."""
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
    for line, statement, used in _plays(rng, hand, board, every, per_combo):
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
        if line.startswith("play ") and ":" not in line:  # an S card, as legal lines list it
            card_statement = _s_statement(line, hand, board)
            if card_statement is not None:
                out.append(Candidate(line, written(card_statement), new_id, 1 + rng.random() * 0.1))
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


class Harm(enum.IntEnum):
    """What writing a candidate hands the next player, worst first: a player who may not
    pass (house rule ``passing=stuck``) writes the least harmful one."""

    INCONSISTENT = 0  # the board is then inconsistent: the next player may win
    CLAIM = 1  # a statement then follows from the rest: a point for the next player
    UNKNOWN = 2  # its consistency is not shown (nor anything proved)
    DOUBT = 3  # a question left open
    NOTHING = 4  # safe


def harm(safety: Safety, after: Claimable) -> Harm:
    if safety is Safety.SAFE:
        return Harm.NOTHING
    if after.board == Consistency.INCONSISTENT:
        return Harm.INCONSISTENT
    if after.redundant:
        return Harm.CLAIM
    if after.board != Consistency.CONSISTENT:
        return Harm.UNKNOWN
    return Harm.DOUBT if safety is Safety.DOUBTFUL else Harm.CLAIM


@dataclass
class Move:
    """One move's counted budget and its safety cap."""

    start: float  # time.monotonic() at its start: only for the safety cap
    capped: int  # the questions the clock had stopped before it
    questions: int = 0  # questions answered when the writing began

    def over(self, player: ProvingPlayer) -> bool:
        """The safety cap: the move ran past MOVE_CAP, or a question hit its own."""
        return time.monotonic() - self.start > MOVE_CAP or player.capped() > self.capped


# What of a view a move's draws are seeded by: the game as it stands, never the account of
# the last ruling (``ruling``: which prover won the referee's race, its derivation),
# which is the machine's, not the game's.
SEEDED_BY = (
    "game", "mode", "turn", "players", "board", "erased", "names", "vote", "draw_pile",
    "settings", "you",
)  # fmt: skip


def move_seed(seed: int, view: Mapping[str, Any]) -> int:
    """The seed of one move's random draws: the player's seed and what its view shows of
    the game (``SEEDED_BY``)."""
    shown = {key: view.get(key) for key in SEEDED_BY}
    text = json.dumps(shown, sort_keys=True, ensure_ascii=False, default=str)
    digest = hashlib.blake2b(f"{seed}\n{text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class ProvingPlayer:
    """Claims what a prover refutes; writes what leaves the next player no claim."""

    def __init__(self, seed: int | None = None, work: Work = WORK):
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.work = work
        self._engine: Engine | None = None
        self._counted: Counted | None = None
        self._trying: Counted | None = None
        self._looking: Counted | None = None
        self._starting = threading.Lock()
        self._closed = False
        # Analyses of boards (and of their prefixes), each a pure function of its board.
        self._analyses: OrderedDict[tuple, Claimable] = OrderedDict()
        self.fallbacks = 0  # moves that reached the safety cap and said a fixed line
        self.moves = 0
        # What its last line was known to hand the next player, where it might not pass and
        # found no statement shown safe (None: it did not write so): a forced gift's cause.
        self.forced: Harm | None = None

    @property
    def engine(self) -> Engine:
        with self._starting:
            if self._closed:
                raise RuntimeError("the player was closed")
            if self._engine is None:  # two workers: an analysis's questions two at a time
                engine = Engine(Limits(timeout=QUESTION_CAP, memory_mb=1024, workers=2))
                engine.warm()  # started before any move: no move waits for a process
                self._engine = engine
            return self._engine

    @property
    def counted(self) -> Counted:
        """Its questions, answered within counted work on its engine's worker."""
        if self._counted is None:
            self._counted = Counted(self.engine, self.work, QUESTION_CAP)
        return self._counted

    @property
    def trying(self) -> Counted:
        """Its questions about a statement to write where a statement in doubt is never
        written: within the same cvc5 work, without E (which only ever shows a statement
        unsafe, as a question left open does)."""
        if self._trying is None:
            self._trying = Counted(self.engine, replace(self.work, e_inserts=0), QUESTION_CAP)
        return self._trying

    def _tester(self, wide: bool) -> Counted:
        return self.trying if self.stop_at_open and not wide else self.counted

    def _askers(self) -> list[Counted]:
        """Every counted engine it asks through (the others once they are made)."""
        return [self.counted, *(c for c in (self._trying, self._looking) if c is not None)]

    def questions(self) -> int:
        """Questions answered so far (remembered or not): the work a move counts."""
        return sum(c.questions for c in self._askers())

    def capped(self) -> int:
        """Questions the clock stopped so far (the safety cap)."""
        return sum(c.capped for c in self._askers())

    def close(self) -> None:
        with self._starting:
            self._closed = True
            if self._engine is not None:
                self._engine.close()
                self._engine = None

    def _timeout(self, view: Mapping[str, Any]) -> float:
        referee = (view.get("settings") or {}).get("claim_timeout")
        return float(referee) if isinstance(referee, (int, float)) and referee > 0 else 5.0

    # Trying a statement to write stops at a question newly left open (and asks without
    # E, which only ever shows a statement unsafe): a statement in doubt is never written
    # while a pass is allowed. Asking on to the end cost a move 7-20 s (46-60 questions,
    # each with E) on boards where nothing was safe, and it then wrote one in doubt.
    stop_at_open = True

    def _budget(self, trying: bool = False) -> Budget:
        """No clock: the work of each question and each re-check is counted. Trying a
        statement to write stops at the first claim (or question left open)."""
        return Budget(
            stop_at_claim=trying, stop_at_open=trying and self.stop_at_open, steps=self.work.steps
        )

    # -- the analysis of a board: the chain of its prefixes

    def analysed(
        self,
        board: analysis.Board,
        stale: Callable[[], bool] = lambda: False,
        history: Sequence[Stated] = (),
    ) -> Claimable:
        """What is claimable on ``board``, as a pure function of it and of ``history``
        (every statement written, erased ones included: :attr:`Board.history`), so the
        same whatever was analysed before, pondered or not.

        The history is analysed prefix by prefix, each reusing the one before (its
        countermodels re-checked by the evaluator), each remembered, with a statement a
        smaller prefix left open left open; the board is then what its history shows
        without the statements erased from it (a model of more statements is one of
        fewer, a countermodel too), analysed in full (afresh, if the history is not shown
        consistent). A claim erases a statement and the history does not change, so only
        the statements written since are asked about.
        An analysis cut short (``stale``, or the safety cap) is not remembered."""
        listed = {s.id: s for s in board.statements}
        history = tuple(history) or board.statements
        gone = {s.id for s in history} - set(listed)
        if any(s.id not in {h.id for h in history} for s in board.statements):
            history, gone = board.statements, set()  # not the board's history: no chain
        links = history if gone else history[:-1]
        cut = [False]

        def stopped() -> bool:
            cut[0] = cut[0] or stale()
            return cut[0]

        known: Claimable | None = None
        start = 0
        for k in range(len(links), 0, -1):
            found = self._analyses.get(_key(links[:k]))
            if found is not None:
                known, start = found, k
                self._analyses.move_to_end(_key(links[:k]))
                break
        for k in range(start + 1, len(links) + 1):
            prefix = analysis.Board(links[:k], board.vocabulary, board.timeout)
            capped = self.counted.capped
            budget = replace(self._budget(), open_again=False)
            known = self._analyze(prefix, known, stopped, budget)
            if cut[0] or self.counted.capped > capped:
                return known  # cut short: not what the board's analysis is
            self._remember(links[:k], known)
        if gone and known is not None:
            if known.board != Consistency.CONSISTENT:
                known = None  # erased statements clash with later ones: the board afresh
            else:
                for board_id in sorted(gone):
                    known = without(known, board_id)
        return self._analyze(board, known, stopped, self._budget())

    def _analyze(
        self,
        board: analysis.Board,
        known: Claimable | None,
        stale: Callable[[], bool],
        budget: Budget,
    ) -> Claimable:
        """:func:`analysis.analyze` on the counted engine, its questions answered first on
        both workers at once (the same answers, remembered; only sooner)."""
        if not stale():
            planned = _Planned()
            analysis.analyze(board, planned, known, stale, budget)
            self.counted.prefetch(planned.questions)
        return analysis.analyze(board, self.counted, known, stale, budget)

    def _remember(self, statements: tuple[Stated, ...], known: Claimable) -> None:
        self._analyses[_key(statements)] = known
        if len(self._analyses) > ANALYSES:
            self._analyses.popitem(last=False)

    def _check(
        self, now: Claimable, candidate: Candidate, wide: bool = False
    ) -> tuple[Safety, Claimable]:
        """:func:`hands_nothing` within counted work; every question asked where it may
        not pass (``wide``: a statement in doubt may have to be written)."""
        budget = self._budget(trying=True)
        if wide:
            budget = replace(budget, stop_at_open=False)
        tester = self._tester(wide)
        first = tester.questions
        most = STUCK_CHECK_QUESTIONS if wide else CHECK_QUESTIONS
        cut = [False]

        def spent() -> bool:  # counted: a statement that needs so many questions is unsafe
            cut[0] = cut[0] or tester.questions - first >= most
            return cut[0]

        counted = _Bounded(tester, spent)
        safety, after = hands_nothing(counted, now, candidate, budget)
        return (Safety.UNSAFE if cut[0] else safety), after

    def ponder(
        self,
        view: Mapping[str, Any],
        stale: Callable[[], bool] = lambda: False,
        seconds: float = PONDER_SECONDS,
    ) -> None:
        """Between turns: analyse the board this seat is shown (its view, nothing else)
        for up to ``seconds`` or until ``stale()``. It only fills what the player
        remembers: its turn's answer is the same, sooner."""
        if view.get("finished") or legal(view):
            return
        board = read_board(view)
        if board is not None and board.entries:
            until = time.monotonic() + seconds
            self.analysed(
                question(board, self._timeout(view)),
                lambda: stale() or time.monotonic() > until,
                board.history,
            )

    # -- the move

    def choose(self, view: Mapping[str, Any]) -> str | None:
        self.forced = None
        moves = legal(view)
        if not moves:
            return None
        board = read_board(view)
        if "vote yes" in moves:
            return self._vote(view, board)
        rng = random.Random(move_seed(self.seed, view))
        if board is None:
            return _fallback(moves) or self._forced(view, moves, rng)
        _ = self.counted  # the engine started (and warm) before the move's clock starts
        self.moves += 1
        move = Move(time.monotonic(), self.capped())
        asked = question(board, self._timeout(view))
        now = self.analysed(asked, lambda: move.over(self), board.history)
        if move.over(self):
            return self._fall_back(view, moves, rng)
        if self.second_look:
            now = self._second_look(asked, now)
        if now.board == Consistency.INCONSISTENT and "claim inconsistent" in moves:
            return "claim inconsistent"
        for board_id in now.redundant:
            if f"claim {board_id}" in moves:
                return f"claim {board_id}"
        move.questions = self.questions()
        line = self._write(view, board, now, moves, rng, move)
        if move.over(self):
            return self._fall_back(view, moves, rng)
        return line or _fallback(moves) or self._forced(view, moves, rng)

    # Whether a turn asks again, with more work, what the board's analysis left open (the
    # default does; level 1, the rule level, claims what its one analysis proves).
    second_look = False

    def _second_look(self, board: analysis.Board, now: Claimable) -> Claimable:
        """``now`` with a claim the board's analysis left open, asked once more within
        SECOND_LOOK (counted: five times a question's cvc5 work, E's too): the board's
        consistency if it was not shown, then the SECOND_LOOKS statements last written of
        those left open (a statement just written is the likeliest to follow). The first
        proved is the claim. The same board, the same answer."""
        if now.claim or not board.statements:
            return now
        if self._looking is None:
            self._looking = Counted(self.engine, SECOND_LOOK, QUESTION_CAP)
        formulas = [s.formula for s in board.statements]
        if now.board != Consistency.CONSISTENT:
            verdict = self._looking.consistency(formulas)
            if verdict.status == Status.INCONSISTENT:
                return replace(now, board=Consistency.INCONSISTENT)
            if verdict.status != Status.CONSISTENT:
                return now
        where = {s.id: k for k, s in enumerate(board.statements)}
        for board_id in now.unknown[::-1][:SECOND_LOOKS]:
            k = where[board_id]
            verdict = self._looking.entailment(formulas[:k] + formulas[k + 1 :], [formulas[k]])
            if verdict.status == Status.ENTAILED:
                return replace(now, redundant=(board_id,))
        return now

    def _fall_back(self, view, moves: Sequence[str], rng: random.Random) -> str | None:
        """The fixed line of a move that reached the safety cap (counted): a pass that
        discards the whole hand, or where passing is not allowed the first statement
        its hand can write (unchecked)."""
        self.fallbacks += 1
        return _fallback(moves) or self._forced(view, moves, rng)

    def _forced(self, view, moves: Sequence[str], rng: random.Random) -> str | None:
        """A line that ends the turn when no pass is allowed and nothing was chosen: the
        first candidate (or, with none, any legal line but a claim)."""
        board = read_board(view)
        self.forced = Harm.UNKNOWN  # written unchecked
        if board is not None:
            found = candidates(rng, view, board, moves, question(board, self._timeout(view)))
            if found:
                return found[0].line
        writes = [m for m in moves if not m.startswith(("claim", "vote"))]
        return writes[0] if writes else None

    def _tried(
        self, view, board: Board, now: Claimable, moves: Sequence[str], rng, move: Move
    ) -> Iterator[tuple[Candidate, Safety, Claimable]]:
        """Each candidate checked, in order, until CANDIDATES or MOVE_QUESTIONS are spent
        (counted; more where it may not pass) or the safety cap is reached."""
        asked = question(board, self._timeout(view))
        wide = not _may_pass(moves)
        most = STUCK_CANDIDATES if wide else CANDIDATES
        questions = STUCK_QUESTIONS if wide else MOVE_QUESTIONS
        found = candidates(rng, view, board, moves, asked, self._per_combo(wide))
        ordered = self._order(found, now, wide)[:most]
        for k, candidate in enumerate(ordered):
            if self.questions() - move.questions >= questions or move.over(self):
                return
            if k % 2 == 0:  # the next two statements' own questions, on both workers
                self._tester(wide).prefetch(
                    [q for c in ordered[k : k + 2] if (q := _own_question(c)) is not None]
                )
            yield candidate, *self._check(now, candidate, wide)

    def _per_combo(self, wide: bool) -> int:
        """Statements drawn for each set of cards of the hand."""
        return STUCK_PER_COMBO if wide else 2

    def _order(self, found: list[Candidate], now: Claimable, wide: bool) -> list[Candidate]:
        """The order the candidates are tried in (as drawn)."""
        return found

    def _write(
        self, view, board: Board, now: Claimable, moves: Sequence[str], rng, move: Move
    ) -> str | None:
        """The first safe candidate; where it may not pass and none is safe, the least
        harmful (None: none)."""
        if now.board != Consistency.CONSISTENT:
            return None  # a board not shown consistent stays unknown whatever is written
        least: tuple[Harm, str] | None = None
        for candidate, safety, after in self._tried(view, board, now, moves, rng, move):
            if safety is Safety.SAFE:
                return candidate.line
            rank = harm(safety, after)
            if least is None or rank > least[0]:
                least = (rank, candidate.line)
        if least is None or _may_pass(moves):
            return None
        self.forced = None if _may_pass(moves) else least[0]
        return least[1]

    def _vote(self, view: Mapping[str, Any], board: Board | None) -> str:
        """Yes only to a claim a prover refutes (the table votes on what the referee could
        not settle)."""
        vote = view.get("vote") or {}
        if board is None:
            return "vote no"
        targets = set(vote.get("targets") or ())
        premises = [e.statement.asserted for e in board.entries if e.id not in targets]
        if vote.get("kind") == "inconsistent":
            verdict = self.counted.consistency(premises)
            return "vote yes" if verdict.status == Status.INCONSISTENT else "vote no"
        goals = [e.statement.asserted for e in board.entries if e.id in targets]
        verdict = self.counted.entailment(premises, goals)
        return "vote yes" if verdict.status == Status.ENTAILED else "vote no"


_PROBES: dict[tuple, list[Model]] = {}


def _probes(vocabulary: Vocabulary | None) -> list[Model]:
    """A few structures of one to three objects over ``vocabulary``, the same every time
    (seeded): a statement true in all of them is likely valid."""
    predicates = dict(vocabulary.predicates) if vocabulary else {}
    functions = dict(vocabulary.functions) if vocabulary else {}
    key = (tuple(sorted(predicates.items())), tuple(sorted(functions.items())))
    found = _PROBES.get(key)
    if found is None:
        rng = random.Random(39)
        found = []
        for size in (1, 2, 2, 3, 3, 3):
            arities = {*predicates.values(), *functions.values()}
            rows = {a: list(itertools.product(range(size), repeat=a)) for a in arities}
            found.append(
                Model(
                    size,
                    {
                        f: {args: rng.randrange(size) for args in rows[a]}
                        for f, a in functions.items()
                    },
                    {
                        p: frozenset(args for args in rows[a] if rng.random() < 0.5)
                        for p, a in predicates.items()
                    },
                )
            )
        if len(_PROBES) < 64:
            _PROBES[key] = found
    return found


def _own_question(candidate: Candidate) -> tuple[list[ast.Formula], list[ast.Formula]] | None:
    """Does the board entail the statement a candidate adds (the question its check
    asks first when the board's models keep it)? None for a ¬."""
    statements = candidate.board.statements
    if not statements or statements[-1].id != candidate.changed:
        return None
    return [s.formula for s in statements[:-1]], [statements[-1].formula]


class _Bounded:
    """The counted engine, asked nothing once ``spent()``: each question then comes back
    undetermined, unasked (a bound on one check, in questions, not seconds)."""

    def __init__(self, counted: Counted, spent: Callable[[], bool]) -> None:
        self.counted = counted
        self.spent = spent

    def consistency(self, formulas, *, timeout: float | None = None) -> Verdict:
        if self.spent():
            return Verdict(Status.UNDETERMINED, Evidence(Method.NONE))
        return self.counted.consistency(formulas)

    def entailment(self, premises, goals, *, timeout: float | None = None) -> Verdict:
        if self.spent():
            return Verdict(Status.UNDETERMINED, Evidence(Method.NONE))
        return self.counted.entailment(premises, goals)

    def call(self, function, *args, timeout: float, **kwargs):
        return self.counted.call(function, *args, timeout=timeout, **kwargs)


class _Planned:
    """An engine that answers nothing and keeps the questions: what an analysis would ask
    (every question it asks does not depend on another's answer, save after a clash)."""

    def __init__(self) -> None:
        self.questions: list[tuple[list[ast.Formula], list[ast.Formula]]] = []

    def consistency(self, formulas, *, timeout: float | None = None):
        self.questions.append((list(formulas), []))
        return Verdict(Status.UNDETERMINED, Evidence(Method.NONE))

    def entailment(self, premises, goals, *, timeout: float | None = None):
        self.questions.append((list(premises), list(goals)))
        return Verdict(Status.UNDETERMINED, Evidence(Method.NONE))

    def call(self, function, *args, timeout: float, **kwargs):
        return None


def _key(statements: Sequence[Stated]) -> tuple:
    return tuple((s.id, s.formula, s.listed) for s in statements)


def _may_pass(moves: Sequence[str]) -> bool:
    return any(m == "pass" or m.startswith("pass ") for m in moves)


class TrappingPlayer(ProvingPlayer):
    """The default: claims as :class:`ProvingPlayer` does. It draws more statements for
    its cards (two or three different literals each) and tries first those that keep
    every model its analysis shows and are not true in every small structure (one
    question left for each: does the board entail it?). Among the first few it finds
    safe it writes the one that sets the best trap: a look one turn ahead, through
    the same analysis, at statements another player might write next (drawn at random
    from the deck's symbols and quantifiers): the more of them would leave a statement of
    the board following from the rest (a claim, for the player after them; the player
    writing them is shown none by this statement), the better. A statement another player
    writes then more often hands the table a claim, and its own next turn comes after
    theirs.

    Where it may not pass (house rule ``passing=stuck``) a hand it cannot empty is what
    forces a gift: of the safe statements it writes an S card's first (a fixed statement
    the board soon entails or contradicts), then the one that uses the most cards; it
    tries first statements that another model of the board falsifies (its model with a
    fact changed: shown not to follow), and when none of those it tried is shown safe
    writes the least harmful (a question left open before a
    claim of one point, before more, before an inconsistent board), checked even on a
    board not shown consistent.

    A claim its analysis of the board left open it asks once more with five times the
    work (:meth:`ProvingPlayer._second_look`, a few questions a turn): a claim the table
    could prove is seldom left for the next player.

    Its engine starts (and warms) as the player is made, so that no move of its waits for
    processes to start (the web table makes its computer players as it opens).
    """

    second_look = True

    def __init__(self, seed: int | None = None, work: Work = WORK):
        super().__init__(seed, work)
        _ = self.engine

    def _per_combo(self, wide: bool) -> int:
        return SCREENED_STUCK if wide else SCREENED

    def _order(self, found: list[Candidate], now: Claimable, wide: bool) -> list[Candidate]:
        """The statements that keep every model the analysis shows first (the board's,
        and each statement's countermodel, which the statement changed need not keep):
        for those only one question is left (does the board entail it?); the others are
        likely to hand over a claim. Re-checked by the evaluator alone, counted. Where it
        may not pass, its S cards first (:func:`rigid`): a fixed statement the board soon
        entails or contradicts, kept in the hand, is what later forces a gift."""
        if now.model is None:
            return found
        steps = self.work.steps
        # Where it may not pass: other models of the board (its model, a fact changed):
        # a statement one of them falsifies does not follow from the board.
        others = neighbours(now, found[0].board.vocabulary, steps) if wide and found else []

        def rank(candidate: Candidate) -> float:
            """0: keeps every model and is no statement every structure tried makes true
            (a valid one follows from anything); 1: keeps them, may be valid; 2: not.
            Where it may not pass, an S card's 1.5 sooner, and one that another model of
            the board falsifies 0.5 sooner (shown not to follow: likely safe)."""
            if not _holds_in_models(now, candidate, steps):
                found_rank = 2.0
            else:
                formula = _formula(candidate)
                probes = _probes(candidate.board.vocabulary)
                valid = formula is not None and all(
                    analysis.holds_in(m, formula, steps=steps) for m in probes
                )
                found_rank = 1.0 if valid else 0.0
                if formula is not None and any(
                    not analysis.holds_in(m, formula, steps=steps) for m in others
                ):
                    found_rank -= 0.5
            return found_rank - (1.5 if wide and rigid(candidate) else 0.0)

        ranks = [rank(c) for c in found]
        return [c for r, c in sorted(zip(ranks, found, strict=True), key=lambda rc: rc[0])]

    def _write(
        self, view, board: Board, now: Claimable, moves: Sequence[str], rng, move: Move
    ) -> str | None:
        """The safe candidate that sets the best trap of the first few found (a statement
        left in doubt may be a claim for the next player: never written while a pass is
        allowed); where it may not pass and none is safe, the least harmful (also on a
        board not shown consistent: a statement may still make it inconsistent)."""
        if now.board != Consistency.CONSISTENT and (
            _may_pass(moves) or now.board == Consistency.INCONSISTENT
        ):
            return None
        safe: list[tuple[Candidate, Claimable]] = []
        least: tuple[tuple[Harm, bool, bool], str] | None = None
        stuck = not _may_pass(moves)
        for search in range(STUCK_SEARCHES if stuck else 1):
            if search > 0:  # nothing safe yet, and no pass: more statements, drawn afresh
                if safe or (least is not None and least[0][0] >= Harm.DOUBT):
                    break
                move.questions = self.questions()
            for candidate, safety, after in self._tried(view, board, now, moves, rng, move):
                if safety is Safety.SAFE:
                    safe.append((candidate, after))
                    if len(safe) >= SAFE_WANTED:
                        break
                    continue
                # Of equal harm: a claim of one point (the statement keeps every model
                # shown: no other statement follows then), and an S card (out of the hand).
                rank = (
                    harm(safety, after),
                    bool(keeps(now, candidate, self.work.steps)),
                    rigid(candidate),
                )
                if least is None or rank > least[0]:
                    least = (rank, candidate.line)
        if not safe:
            if least is None or not stuck:
                return None
            self.forced = least[0][0]
            return least[1]
        nexts = self._next_statements(board, rng)
        score = [trap(after, nexts, self.work.steps) for _, after in safe]
        if stuck:  # an S card while it is safe, then the most cards: the hand renewed
            key = [(rigid(c), _cards_used(c)) for c, _ in safe]
        else:
            key = [(False, 0)] * len(safe)
        best = max(range(len(safe)), key=lambda k: (key[k], score[k], -k))
        return safe[best][0].line

    def _next_statements(self, board: Board, rng: random.Random) -> list[ast.Formula]:
        """Statements another player might write next: random ones over the deck's symbols,
        with a prefix of one or two quantifiers (as their P, F, R or Q cards would allow)."""
        out = []
        for _ in range(NEXT_STATEMENTS):
            prefix = rng.choice(_SYMBOL_PREFIXES)
            for text in _texts(rng, prefix, board.deck_vocabulary, 1):
                try:
                    out.append(parse_statement(text, board.vocabulary).asserted)
                except ParseError:
                    pass
        return out


def trap(after: Claimable, nexts: Sequence[ast.Formula], steps: int | None = None) -> float:
    """How often a statement another player might write next would leave a statement of
    the board a candidate leaves (as its analysis ``after`` saw it: every statement shown
    not to follow, each by a countermodel) without its countermodel: then it may follow
    from the rest, a claim for the player after that one. Re-checked by the evaluator
    only, each check within ``steps`` (counted)."""
    countermodels = [m for _, m in after.countermodels if isinstance(m, Model)]
    if not countermodels or not nexts:
        return 0.0
    hits = 0
    for formula in nexts:
        hits += any(
            not analysis.holds_in(m, formula, steps=steps or Work().steps) for m in countermodels
        )
    return hits / len(nexts)


def _formula(candidate: Candidate) -> ast.Formula | None:
    """The statement a candidate writes (or the one its ¬ leaves)."""
    return next((s.formula for s in candidate.board.statements if s.id == candidate.changed), None)


def keeps(now: Claimable, candidate: Candidate, steps: int) -> bool | None:
    """Whether the statement a candidate writes holds in the board's model and in each
    other statement's countermodel (then the board stays consistent and no other statement
    follows: at most the statement itself does). None: a statement without a countermodel
    shown, or no model."""
    if now.model is None or _formula(candidate) is None:
        return None
    if not _holds_in_models(now, candidate, steps):
        return False
    shown = {i for i, _ in now.countermodels} | {candidate.changed}
    return True if all(s.id in shown for s in candidate.board.statements) else None


def _holds_in_models(now: Claimable, candidate: Candidate, steps: int) -> bool:
    """The statement a candidate writes holds in the board's model and in each other
    statement's countermodel the analysis shows (re-checked by the evaluator, counted)."""
    formula = _formula(candidate) if now.model is not None else None
    if now.model is None or formula is None:
        return False
    models = [now.model] + [m for i, m in now.countermodels if i != candidate.changed]
    return all(analysis.holds_in(m, formula, steps=steps) for m in models)


def neighbours(
    now: Claimable, vocabulary: Vocabulary | None, steps: int, most: int = NEIGHBOURS
) -> list[Model]:
    """Models of the board other than the one its analysis shows: that model with one
    predicate fact changed, where the evaluator (counted) still finds every statement
    true; at most ``most``, tried in a fixed order."""
    model = now.model
    if not isinstance(model, Model):
        return []
    formulas = [f for _, f in now.basis]
    found: list[Model] = []
    arities = dict(vocabulary.predicates) if vocabulary else {}
    flips = [  # one fact of each predicate in turn: the models found differ in more ways
        [(name, args) for args in itertools.product(range(model.size), repeat=arities[name])]
        for name in sorted(arities)
    ]
    for name, args in itertools.islice(
        (f for row in itertools.zip_longest(*flips) for f in row if f is not None), 4 * most
    ):
        facts = set(model.predicates.get(name, ())) ^ {args}
        predicates = {**model.predicates, name: frozenset(facts)}
        other = Model(model.size, dict(model.functions), predicates)
        if all(analysis.holds_in(other, f, steps=steps) for f in formulas):
            found.append(other)
            if len(found) >= most:
                break
    return found


def rigid(candidate: Candidate) -> bool:
    """An S card's statement (its legal line names the card alone): fixed, so the board
    soon entails or contradicts it, and a hand that keeps it is then forced to gift."""
    return candidate.line.startswith("play ") and ":" not in candidate.line


def _cards_used(candidate: Candidate) -> int:
    head = candidate.line.split(":", 1)[0].split()
    return len(head) - 1 if head and head[0] == "play" else 1


def _fallback(moves: Sequence[str]) -> str | None:
    """A pass that discards the whole hand (a fresh hand may write safely), else a pass."""
    passes = [m for m in moves if m == "pass" or m.startswith("pass ")]
    if passes:
        return max(passes, key=len)
    return None
