"""The claimable-now hint (house rule ``hints``): which statements a claim would win now.

For practice tables. Statement *i* is listed *redundant* when the rest of the
board entails it: the question ``claim i`` asks (:mod:`referee.palmer.claims`:
the premises are every other statement on the board, scored ones included,
under the record's time limit), so the hint never disagrees with a ruling. It
keeps the engine's soundness: *redundant* only with a proof (or a proof that
the rest alone is inconsistent), *not redundant* only with a countermodel the
independent evaluator accepted; anything else is *unknown*.

A board grows one statement at a time, so :func:`analyze` reuses what it
knew when the new board only adds statements to the old one: a redundant
statement stays redundant (its premises only grew), a remembered
countermodel in which the added statements hold (re-checked by the
evaluator) is still one, and an inconsistent board stays inconsistent. A ¬
changes a statement and a claim or an undo removes one: then it starts afresh.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from referee.language.ast import Formula
from referee.language.vocabulary import Vocabulary
from referee.logic.engine import Status, Verdict
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, evaluate
from referee.logic.model import Model
from referee.palmer.claims import Engine
from referee.palmer.state import Game
from referee.table.background import Background

# At most this long re-checking one remembered model against the added statements.
RECHECK_SECONDS = 0.05


class State(enum.StrEnum):
    CHECKING = "checking"  # the answer is being computed: everything is unknown meanwhile
    READY = "ready"


class Consistency(enum.StrEnum):
    CONSISTENT = "consistent"
    INCONSISTENT = "inconsistent"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Stated:
    """A statement on the board as the engine is asked about it."""

    id: int
    formula: Formula  # what it asserts (its naming made explicit)
    listed: bool  # a claim may still name it (not already scored)


@dataclass(frozen=True)
class Board:
    """The board as it stands, captured as a value (the analysis never reads a live game)."""

    statements: tuple[Stated, ...]
    vocabulary: Vocabulary | None
    timeout: float  # the record's limit per question, as a claim gets

    @property
    def listed(self) -> tuple[int, ...]:
        return tuple(s.id for s in self.statements if s.listed)


def board_of(game: Game) -> Board:
    """``game``'s board, the premises and the limit exactly as :func:`claims.settle` takes them."""
    return Board(
        tuple(Stated(e.id, e.statement.asserted, not e.scored) for e in game.board),
        game.vocabulary,
        game.setup.claim_timeout,
    )


@dataclass(frozen=True)
class Claimable:
    """What a claim would come to now, statement by statement (the views' ``claimable``).

    ``redundant``, ``not_redundant`` and ``unknown`` partition the listed statements
    (those a claim may name). The fields after them are what the next analysis reuses.
    """

    state: State
    board: Consistency
    redundant: tuple[int, ...] = ()
    not_redundant: tuple[int, ...] = ()
    unknown: tuple[int, ...] = ()
    basis: tuple[tuple[int, Formula], ...] = field(default=(), repr=False)  # the board asked
    model: Model | None = field(default=None, repr=False)  # of the whole board (consistent)
    conflict: tuple[int, ...] = ()  # statements that together are inconsistent
    countermodels: tuple[tuple[int, Model], ...] = field(default=(), repr=False)
    undetermined: tuple[int, ...] = ()  # unknown after the engine was asked (not just unasked)
    board_undetermined: bool = False  # the board's consistency was asked and left open
    questions: int = 0  # engine questions this analysis asked (the rest was reused)

    def to_json(self) -> dict:
        return {
            "state": self.state.value,
            "board": self.board.value,
            "redundant": list(self.redundant),
            "not_redundant": list(self.not_redundant),
            "unknown": list(self.unknown),
        }


def checking(board: Board) -> Claimable:
    """What the views show while the analysis runs: nothing known yet."""
    return Claimable(State.CHECKING, Consistency.UNKNOWN, unknown=board.listed)


def analyze(
    game_or_board: Game | Board,
    engine: Engine,
    previous: Claimable | None = None,
    stale: Callable[[], bool] = lambda: False,
) -> Claimable:
    """Which statements of the board a claim would win now, with the rulings' soundness.

    ``previous``: an earlier answer, reused where the board only grew since (see the
    module). ``stale()``: the board has moved on, so stop asking (what is not asked
    stays unknown; the caller drops such an answer, or keeps it as ``previous``).
    """
    board = game_or_board if isinstance(game_or_board, Board) else board_of(game_or_board)
    basis = tuple((s.id, s.formula) for s in board.statements)
    added = _added(previous, basis)
    known = previous if added is not None else None
    same = added == ()
    formulas = [s.formula for s in board.statements]
    asked = 0

    def holds(model: Model | None) -> bool:
        """``model`` (already a model of the old board's part) satisfies what was added."""
        return model is not None and _satisfies(model, added or ())

    # The whole board: what an inconsistency claim would come to.
    model, conflict, board_open = None, (), False
    if known is not None and known.board == Consistency.INCONSISTENT:
        consistency = Consistency.INCONSISTENT  # more statements: still inconsistent
        conflict = known.conflict
    elif known is not None and known.board == Consistency.CONSISTENT and holds(known.model):
        consistency, model = Consistency.CONSISTENT, known.model
    elif same and known is not None and known.board_undetermined:
        consistency, board_open = Consistency.UNKNOWN, True
    elif stale():
        consistency = Consistency.UNKNOWN
    else:
        verdict = engine.consistency(formulas, timeout=board.timeout)
        asked += 1
        consistency, model, conflict = _consistency(verdict, board)
        board_open = consistency == Consistency.UNKNOWN

    # Each listed statement: what ``claim i`` would come to.
    countermodels = dict(known.countermodels) if known is not None else {}
    redundant, not_redundant, unknown, undetermined = [], [], [], []
    kept: dict[int, Model] = {}
    for i, s in enumerate(board.statements):
        if not s.listed:
            continue
        if conflict and s.id not in conflict:
            redundant.append(s.id)  # the rest holds the whole clash: it entails anything
        elif known is not None and s.id in known.redundant:
            redundant.append(s.id)  # its premises only grew
        elif s.id in countermodels and holds(countermodels[s.id]):
            not_redundant.append(s.id)
            kept[s.id] = countermodels[s.id]
        elif same and known is not None and s.id in known.undetermined:
            unknown.append(s.id)
            undetermined.append(s.id)
        elif stale():
            unknown.append(s.id)
        else:
            others = formulas[:i] + formulas[i + 1 :]
            verdict = engine.entailment(others, [s.formula], timeout=board.timeout)
            asked += 1
            if verdict.status == Status.ENTAILED:
                redundant.append(s.id)
            elif verdict.status == Status.NOT_ENTAILED:
                not_redundant.append(s.id)
                if verdict.model is not None:
                    kept[s.id] = verdict.model
            else:
                unknown.append(s.id)
                undetermined.append(s.id)
    return Claimable(
        State.READY,
        consistency,
        tuple(redundant),
        tuple(not_redundant),
        tuple(unknown),
        basis,
        model,
        conflict,
        tuple(kept.items()),
        tuple(undetermined),
        board_open,
        asked,
    )


def _added(
    previous: Claimable | None, basis: tuple[tuple[int, Formula], ...]
) -> tuple[Formula, ...] | None:
    """The statements ``basis`` adds to the board ``previous`` was computed for, or None
    when it is no mere addition (a statement changed by a ¬ or removed): start afresh."""
    if previous is None or previous.state != State.READY:
        return None
    now = dict(basis)
    if any(now.get(i, None) != f for i, f in previous.basis):
        return None
    before = {i for i, _ in previous.basis}
    return tuple(f for i, f in basis if i not in before)


def _satisfies(model: Model, formulas: Sequence[Formula]) -> bool:
    """Whether every formula holds in ``model`` (the evaluator's word; an error or a
    check that runs out of time is a no)."""
    deadline = time.monotonic() + RECHECK_SECONDS
    try:
        return all(evaluate(f, model, deadline=deadline) for f in formulas)
    except (EvaluationError, EvaluationTimeout):
        return False


def _consistency(
    verdict: Verdict, board: Board
) -> tuple[Consistency, Model | None, tuple[int, ...]]:
    if verdict.status == Status.INCONSISTENT:
        ids = [s.id for s in board.statements]
        used = verdict.used or tuple(range(len(ids)))
        return Consistency.INCONSISTENT, None, tuple(ids[k] for k in used)
    if verdict.status == Status.CONSISTENT:
        return Consistency.CONSISTENT, verdict.model, ()
    return Consistency.UNKNOWN, None, ()


@contextmanager
def _engine(board: Board) -> Iterator[Engine]:
    """The hint's own engine: a claim's never waits for it (workers of its own, warm)."""
    from referee.logic.engine import Engine as Solvers
    from referee.logic.engine import Limits

    with Solvers(Limits(timeout=board.timeout)) as engine:
        engine.warm()
        yield engine


BACKGROUND: Background[Game, Board, Claimable] = Background(
    key="claimable",
    wanted=lambda game: game.rules.hints,
    capture=board_of,
    checking=checking,
    run=lambda board, engine, previous, stale: analyze(board, engine, previous, stale),
    tools=_engine,
    shown=Claimable.to_json,
)
