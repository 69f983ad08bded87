"""Palmer's computer players: given only a seat's view, the line that seat says next.

Level 0 draws from the view's legal lines (it never writes a statement). The strong
player (:class:`ProvingPlayer`) reads the board from the view and asks its own engine
(hard limits, one worker) two things: what is claimable now (:func:`claimable`: it
claims only what its engine proved, inconsistency first, so the referee rejects none
of its claims), and, for statements its hand can write, whether the board they make
hands the next player nothing (one ply: still consistent, shown by a model, and no
statement provably redundant). It passes, discarding, when none of them is safe.
"""

from __future__ import annotations

import enum
import itertools
import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.language import ast
from referee.language.deck import DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary
from referee.logic.engine import Engine, Limits, Status
from referee.palmer.permissions import PlayRefused, check_cards_allow, negation_sites
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 1
# Seconds per engine question (the referee's own limit, if shorter): most board
# questions are settled in milliseconds, and a move should take about a second.
QUESTION_SECONDS = 0.5
# The board's own analysis (what to claim) within about this many seconds in all, each
# question at least MIN_SECONDS: a board of many statements asks many questions.
CLAIM_SECONDS = 2.0
MIN_SECONDS = 0.15
# Then a question left open is asked again for up to LONGER_SECONDS (the referee's own
# limit, if shorter) while the move is younger than CLAIM_DEADLINE seconds: what the
# referee can prove, the player should not miss.
LONGER_SECONDS = 2.0
CLAIM_DEADLINE = 3.0
# Seconds per question when trying a statement to write: one left open costs it whole.
TRY_SECONDS = 0.2
# A move is done within MOVE_SECONDS of its start, or WRITE_SECONDS/2 after the board's
# analysis if that took longer, whatever is left to try.
MOVE_SECONDS = 1.5
WRITE_SECONDS = 1.0
CANDIDATES = 24  # statements (and ¬ places) tried at most in one turn


def computer_player(level: int = DEFAULT_LEVEL, seed: int | None = None) -> ComputerPlayer:
    """Level 0: random legal lines; 1 (the default): :class:`ProvingPlayer`."""
    return RandomPlayer(seed) if level <= 0 else ProvingPlayer(seed)


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

    def with_statement(self, statement: ast.Statement) -> Board:
        return Board(
            (*self.entries, Entry(0, statement, False)), self.vocabulary, self.deck_vocabulary
        )

    def replaced(self, board_id: int, statement: ast.Statement) -> Board:
        entries = tuple(
            replace(e, statement=statement) if e.id == board_id else e for e in self.entries
        )
        return Board(entries, self.vocabulary, self.deck_vocabulary)


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


@dataclass(frozen=True)
class Claimable:
    """What the engine settled of a board (board ids), each verdict a proof or a model."""

    inconsistent: bool  # proved
    consistent: bool  # a model of the whole board (re-checked by the evaluator)
    redundant: tuple[int, ...]  # unscored entries the others entail (proved)
    free: tuple[int, ...]  # unscored entries shown not to follow (a model)


def claimable(
    engine: Engine, board: Board, timeout: float, longer: float = 0.0, deadline: float = 0.0
) -> Claimable:
    """The one analysis of "what is claimable on this board": consistency, then each
    unscored statement's redundancy (``timeout``: seconds per question). Questions it
    leaves open are asked again for ``longer`` seconds each until ``deadline`` (a
    monotonic time), stopping at the first proof. The hint's board analysis answers the
    same question: one of the two may stand for both."""
    formulas = board.formulas
    analysis = engine.analyze(formulas, timeout=timeout)
    status = analysis.consistency.status
    verdicts = {
        entry.id: verdict.status
        for entry, verdict in zip(board.entries, analysis.redundancy, strict=True)
        if not entry.scored
    }

    def again() -> float | None:
        left = deadline - time.monotonic()
        return min(longer, left) if longer > 0 and left > 0.05 else None

    if status == Status.UNDETERMINED and (seconds := again()) is not None:
        status = engine.consistency(formulas, timeout=seconds).status
    if status != Status.INCONSISTENT and Status.ENTAILED not in verdicts.values():
        for k, entry in enumerate(board.entries):
            if verdicts.get(entry.id) != Status.UNDETERMINED or (seconds := again()) is None:
                continue
            others = formulas[:k] + formulas[k + 1 :]
            goal = [formulas[k]]
            verdicts[entry.id] = engine.entailment(others, goal, timeout=seconds).status
            if verdicts[entry.id] == Status.ENTAILED:
                break
    return Claimable(
        status == Status.INCONSISTENT,
        status == Status.CONSISTENT,
        tuple(i for i, v in verdicts.items() if v == Status.ENTAILED),
        tuple(i for i, v in verdicts.items() if v == Status.NOT_ENTAILED),
    )


class Safety(enum.Enum):
    SAFE = "safe"  # consistent, and every statement shown not to follow
    DOUBTFUL = "doubtful"  # consistent, nothing proved redundant, some question left open
    UNSAFE = "unsafe"  # a claim for the next player, or consistency not shown


def hands_nothing(
    engine: Engine, now: Claimable, candidate: Candidate, seconds: float, deadline: float
) -> Safety:
    """One ply: whether the board ``candidate`` leaves hands the next player no claim.

    Every unscored statement is asked (the first claim found ends it); one that
    ``now`` left open may stay open, any other must be shown free by a model.
    """
    board, changed = candidate.board, candidate.changed
    formulas = board.formulas

    def limit() -> float | None:
        left = deadline - time.monotonic()
        return min(seconds, left) if left > 0.02 else None

    if (timeout := limit()) is None:
        return Safety.UNSAFE
    if engine.consistency(formulas, timeout=timeout).status != Status.CONSISTENT:
        return Safety.UNSAFE
    safety = Safety.SAFE
    # The changed statement and those shown free first: an open answer there is a doubt;
    # those left open before are asked last, for a proof only.
    free = {changed, *now.free}
    order = sorted(range(len(board.entries)), key=lambda k: board.entries[k].id not in free)
    for k in order:
        entry = board.entries[k]
        if entry.scored:
            continue
        if (timeout := limit()) is None:
            return Safety.UNSAFE
        others = formulas[:k] + formulas[k + 1 :]
        verdict = engine.entailment(others, [formulas[k]], timeout=timeout)
        if verdict.status == Status.ENTAILED:
            return Safety.UNSAFE
        if verdict.status == Status.UNDETERMINED and entry.id in free:
            safety = Safety.DOUBTFUL
    return safety


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
    board: Board
    changed: int  # the board id written (0: a new statement) or negated
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
    rng: random.Random, view: Mapping[str, Any], board: Board, moves: Sequence[str]
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
                board.with_statement(statement),
                0,
                used + 0.5 * weak - 0.02 * len(line) + rng.random() * 0.1,
            )
        )
    for line in moves:
        if line.startswith("play "):  # an S card, as the legal lines list it
            statement = _s_statement(line, hand, board)
            if statement is not None:
                out.append(
                    Candidate(line, board.with_statement(statement), 0, 1 + rng.random() * 0.1)
                )
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
                        line, board.replaced(target.id, after), target.id, 0.5 + rng.random() * 0.1
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

    @property
    def engine(self) -> Engine:
        if self._engine is None:  # its own single worker, started on the first question
            self._engine = Engine(Limits(timeout=self.question_seconds, workers=1, memory_mb=1024))
        return self._engine

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None

    def _timeout(self, view: Mapping[str, Any]) -> float:
        referee = (view.get("settings") or {}).get("claim_timeout")
        return (
            min(self.question_seconds, referee)
            if isinstance(referee, (int, float))
            else self.question_seconds
        )

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = legal(view)
        if not moves:
            return None
        board = read_board(view)
        if "vote yes" in moves:
            return self._vote(view, board)
        if board is None:
            return _fallback(moves)
        start = time.monotonic()
        # The whole board's questions within about CLAIM_SECONDS, each at most the limit.
        per_question = CLAIM_SECONDS / (len(board.entries) + 1)
        limit = self._timeout(view)
        now = claimable(
            self.engine,
            board,
            max(MIN_SECONDS, min(limit, per_question)),
            min(limit, LONGER_SECONDS),
            start + CLAIM_DEADLINE,
        )
        if now.inconsistent and "claim inconsistent" in moves:
            return "claim inconsistent"
        for board_id in now.redundant:
            if f"claim {board_id}" in moves:
                return f"claim {board_id}"
        deadline = max(start + MOVE_SECONDS, time.monotonic() + WRITE_SECONDS / 2)
        return self._write(view, board, now, moves, deadline) or _fallback(moves)

    def _write(
        self, view, board: Board, now: Claimable, moves: Sequence[str], deadline: float
    ) -> str | None:
        """The first safe candidate, else the first doubtful one (None: none in time)."""
        if not now.consistent:
            return None  # a board not shown consistent stays unknown whatever is written
        doubtful = None
        seconds = min(self._timeout(view), TRY_SECONDS)
        for candidate in candidates(self.rng, view, board, moves)[:CANDIDATES]:
            if time.monotonic() >= deadline:
                break
            safety = hands_nothing(self.engine, now, candidate, seconds, deadline)
            if safety is Safety.SAFE:
                return candidate.line
            if safety is Safety.DOUBTFUL and doubtful is None:
                doubtful = candidate.line
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


def _fallback(moves: Sequence[str]) -> str | None:
    """A pass that discards the whole hand (a fresh hand may write safely), else a pass."""
    passes = [m for m in moves if m == "pass" or m.startswith("pass ")]
    if passes:
        return max(passes, key=len)
    return None
