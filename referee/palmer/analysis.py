"""What a claim would come to now: the one analysis of a Palmer board.

The claimable-now hint (:mod:`referee.palmer.hint`) and the computer player
(:mod:`referee.palmer.player`) both ask it. Statement *i* is *redundant* when
the rest of the board entails it: the question ``claim i`` asks
(:mod:`referee.palmer.claims`: the premises are every other statement on the
board, scored ones included). It keeps the engine's soundness: *redundant*
only with a proof (or a proof that the rest alone is inconsistent), *not
redundant* only with a countermodel the independent evaluator accepted;
anything else is *unknown*.

A board grows one statement at a time, so :func:`analyze` reuses what it knew
when the new board only adds statements to the old one: a redundant statement
stays redundant (its premises only grew: monotonicity), a remembered
countermodel in which the added statements hold (re-checked by the evaluator)
is still one, and an inconsistent board stays inconsistent. A ¬ changes a
statement and a claim or an undo removes one: then it starts afresh.

What is left to ask is asked in the order most likely to find a claim first:
the board's consistency, then the statements whose countermodel the added
statements broke (an addition is what makes an old statement redundant), then
those never settled, and last those a full-length question already left open.
A :class:`Budget` bounds the whole analysis by one deadline, passed down into
every question as the engine's own time limit (so it holds inside a question,
not only between them); a question cut short that stays open is not
remembered as open, so the next analysis asks it again.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from referee.language.ast import Formula
from referee.language.vocabulary import Vocabulary
from referee.logic.completion import completed
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, evaluate
from referee.logic.model import Model
from referee.logic.verdict import Status, Verdict
from referee.palmer.claims import Engine

# At most this long re-checking one remembered model against the added statements.
RECHECK_SECONDS = 0.05
# A question is not started with less than this left of its budget (it would only
# cost the time to start it).
MIN_QUESTION_SECONDS = 0.05


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

    def with_statement(self, stated: Stated) -> Board:
        return Board((*self.statements, stated), self.vocabulary, self.timeout)

    def replaced(self, board_id: int, formula: Formula) -> Board:
        statements = tuple(
            Stated(s.id, formula, s.listed) if s.id == board_id else s for s in self.statements
        )
        return Board(statements, self.vocabulary, self.timeout)


@dataclass(frozen=True)
class Budget:
    """How long an analysis may take: every question ends by ``deadline`` (a monotonic
    time) and takes at most ``per_question`` seconds (and the board's own limit)."""

    deadline: float | None = None
    per_question: float | None = None
    stop_at_claim: bool = False  # stop asking once a claim is proved (a player's use)
    # Stop asking once a statement not left open before is left open (a player trying a
    # statement to write: it is not safe to write, whatever the rest would say).
    stop_at_open: bool = False
    # A statement a full-length question already left open is asked again only before
    # this time (a player's move: the rest waits for its pondering); None: whenever.
    open_by: float | None = None
    # A statement a question of the board's full limit left open on a smaller board is
    # asked again (False: it stays open; a player's analysis of a board's prefixes).
    open_again: bool = True
    # Remembered models are re-checked within this many evaluator steps instead of
    # RECHECK_SECONDS (a player whose choice must not depend on the clock); None: seconds.
    steps: int | None = None

    def seconds(self, board: Board) -> float | None:
        """The time limit of the next question, None: no time left to start one."""
        limit = board.timeout
        if self.per_question is not None:
            limit = min(limit, self.per_question)
        if self.deadline is not None:
            limit = min(limit, self.deadline - time.monotonic())
        return limit if limit >= MIN_QUESTION_SECONDS else None


UNBOUNDED = Budget()


@dataclass(frozen=True)
class Proof:
    """What the engine proved of one question, kept so that a claim of exactly that
    question may use it (:func:`proof_for`): ``verdict`` (entailed, or inconsistent for
    the board's consistency) was asked of the statements ``premises`` (ids and what each
    asserted, in the question's order: the verdict's ``used`` indexes them) and, for an
    entailment, of ``goal``."""

    premises: tuple[tuple[int, Formula], ...]
    verdict: Verdict
    goal: tuple[int, Formula] | None = None

    @property
    def used(self) -> tuple[tuple[int, Formula], ...]:
        """The statements the proof rests on (every premise when it names none)."""
        used = self.verdict.used or tuple(range(len(self.premises)))
        return tuple(self.premises[k] for k in used)


@dataclass(frozen=True)
class Claimable:
    """What a claim would come to now, statement by statement (the views' ``claimable``).

    ``redundant``, ``not_redundant`` and ``unknown`` partition the listed statements
    (those a claim may name), each in board order. The fields after them are what the
    next analysis reuses.
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
    undetermined: tuple[int, ...] = ()  # left open by a question of the board's full limit
    board_undetermined: bool = False  # the board's consistency was asked so and left open
    questions: int = 0  # engine questions this analysis asked (the rest was reused)
    unasked: tuple[int, ...] = ()  # unknown without a question: no time, stale, or stopped
    board_unasked: bool = False  # the board's consistency unknown without a question
    # The engine's proofs behind ``redundant`` (by statement) and behind an inconsistent
    # board (``clash``): a claim of the same question uses them (:func:`proof_for`).
    proofs: tuple[tuple[int, Proof], ...] = field(default=(), repr=False)
    clash: Proof | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        return {
            "state": self.state.value,
            "board": self.board.value,
            "redundant": list(self.redundant),
            "not_redundant": list(self.not_redundant),
            "unknown": list(self.unknown),
        }

    @property
    def claim(self) -> bool:
        """A claim is proved: the board inconsistent or a listed statement redundant."""
        return self.board == Consistency.INCONSISTENT or bool(self.redundant)


def checking(board: Board) -> Claimable:
    """What the views show while the analysis runs: nothing known yet."""
    return Claimable(State.CHECKING, Consistency.UNKNOWN, unknown=board.listed)


class _Reason(enum.IntEnum):
    """Why a statement is asked, in the order the questions are asked."""

    BROKEN = 0  # its countermodel fails an added statement: likely redundant now
    NEW = 1  # never settled (a new statement, or a board asked afresh)
    OPEN = 2  # a full-length question left it open on a smaller board


def analyze(
    board: Board,
    engine: Engine,
    previous: Claimable | None = None,
    stale: Callable[[], bool] = lambda: False,
    budget: Budget = UNBOUNDED,
) -> Claimable:
    """Which statements of ``board`` a claim would win now, with the rulings' soundness.

    ``previous``: an earlier answer, reused where the board only grew since (see the
    module). ``stale()``: the board has moved on, so stop asking (what is not asked
    stays unknown). ``budget``: the deadline and the limit per question; with
    ``stop_at_claim``, nothing more is asked once a claim is proved; with
    ``stop_at_open``, once a question not left open before is left open.
    """
    basis = tuple((s.id, s.formula) for s in board.statements)
    added = additions(previous, basis)
    known = previous if added is not None else None
    same = added == ()
    formulas = [s.formula for s in board.statements]
    asked = 0

    def holds(model: Model | None) -> Model | None:
        """``model`` (already a model of the old board's part), completed for any symbol
        the added statements bring in (:mod:`referee.logic.completion`), if it satisfies
        what was added (re-checked within the budget's deadline too: past it, nothing is
        re-checked); None if not."""
        if model is None:
            return None
        checked = added or ()
        return completed(
            model, checked, lambda m: _satisfies(m, checked, budget.deadline, budget.steps)
        )

    def ask(question: Callable[[float], Verdict]) -> tuple[Verdict | None, bool]:
        """The verdict (None: not asked) and whether it was asked at the board's limit."""
        nonlocal asked
        if stale() or (seconds := budget.seconds(board)) is None:
            return None, False
        asked += 1
        return question(seconds), seconds >= board.timeout

    # The whole board: what an inconsistency claim would come to.
    model, board_open, board_unasked = None, False, False
    conflict: tuple[int, ...] = ()
    clash: Proof | None = None
    if known is not None and known.board == Consistency.INCONSISTENT:
        consistency = Consistency.INCONSISTENT  # more statements: still inconsistent
        conflict, clash = known.conflict, known.clash
    elif (
        known is not None
        and known.board == Consistency.CONSISTENT
        and (completion := holds(known.model))
    ):
        consistency, model = Consistency.CONSISTENT, completion
    elif same and known is not None and known.board_undetermined:
        consistency, board_open = Consistency.UNKNOWN, True
    else:
        verdict, full = ask(lambda s: engine.consistency(formulas, timeout=s))
        consistency, model, conflict = _consistency(verdict, board)
        if consistency == Consistency.INCONSISTENT and verdict is not None:
            clash = Proof(basis, verdict)
        board_open = verdict is not None and full and consistency == Consistency.UNKNOWN
        board_unasked = verdict is None

    # Each listed statement: what ``claim i`` would come to; first what is reused.
    old_countermodels = dict(known.countermodels) if known is not None else {}
    old_proofs = dict(known.proofs) if known is not None else {}
    proofs: dict[int, Proof] = {}
    verdicts: dict[int, Status] = {}
    kept: dict[int, Model] = {}
    undetermined: set[int] = set()
    to_ask: list[tuple[_Reason, int]] = []
    for i, s in enumerate(board.statements):
        if not s.listed:
            continue
        if conflict and s.id not in conflict:
            verdicts[s.id] = Status.ENTAILED  # the rest holds the whole clash: it entails anything
        elif known is not None and s.id in known.redundant:
            verdicts[s.id] = Status.ENTAILED  # its premises only grew
            if s.id in old_proofs:
                proofs[s.id] = old_proofs[s.id]
        elif s.id in old_countermodels and (completion := holds(old_countermodels[s.id])):
            verdicts[s.id] = Status.NOT_ENTAILED
            kept[s.id] = completion
        elif same and known is not None and s.id in known.undetermined:
            undetermined.add(s.id)
        elif s.id in old_countermodels:
            to_ask.append((_Reason.BROKEN, i))
        elif known is not None and s.id in known.undetermined:
            to_ask.append((_Reason.OPEN, i))
        else:
            to_ask.append((_Reason.NEW, i))

    def claimed() -> bool:
        return consistency == Consistency.INCONSISTENT or Status.ENTAILED in verdicts.values()

    asked_ids: set[int] = set()
    for reason, i in sorted(to_ask):
        if budget.stop_at_claim and claimed():
            break
        if budget.stop_at_open and consistency == Consistency.UNKNOWN:
            break  # the board itself is left open
        if reason == _Reason.OPEN and budget.open_by is not None:
            if time.monotonic() >= budget.open_by:
                continue  # left unasked: unknown, and asked again next time
        if reason == _Reason.OPEN and not budget.open_again:
            undetermined.add(board.statements[i].id)  # open still, as far as is known
            continue
        s = board.statements[i]
        others = formulas[:i] + formulas[i + 1 :]
        verdict, full = ask(
            lambda t, others=others, goal=s.formula: engine.entailment(others, [goal], timeout=t)
        )
        if verdict is None:
            continue
        asked_ids.add(s.id)
        verdicts[s.id] = verdict.status
        if verdict.status == Status.ENTAILED:
            proofs[s.id] = Proof(basis[:i] + basis[i + 1 :], verdict, basis[i])
        if verdict.status == Status.NOT_ENTAILED and verdict.model is not None:
            kept[s.id] = verdict.model
        elif verdict.status == Status.UNDETERMINED and full:
            undetermined.add(s.id)
        if budget.stop_at_open and verdict.status == Status.UNDETERMINED:
            if reason != _Reason.OPEN:
                break

    listed = board.listed
    waiting = {board.statements[k].id for _, k in to_ask}
    return Claimable(
        State.READY,
        consistency,
        tuple(i for i in listed if verdicts.get(i) == Status.ENTAILED),
        tuple(i for i in listed if verdicts.get(i) == Status.NOT_ENTAILED),
        tuple(i for i in listed if verdicts.get(i) not in (Status.ENTAILED, Status.NOT_ENTAILED)),
        basis,
        model,
        conflict,
        tuple(kept.items()),
        tuple(i for i in listed if i in undetermined),
        board_open,
        asked,
        tuple(i for i in listed if i in waiting and i not in asked_ids),
        board_unasked,
        tuple((i, proofs[i]) for i in listed if verdicts.get(i) == Status.ENTAILED and i in proofs),
        clash,
    )


def proof_for(
    claimable: Claimable | None,
    premises: Sequence[tuple[int, Formula]],
    targets: Sequence[tuple[int, Formula]],
) -> Verdict | None:
    """A verdict the analysis proved of exactly this claim: ``premises`` (ids and what each
    asserts, in the claim's order) entail ``targets`` (one statement: a set claim is another
    question), or with no targets are inconsistent; None when it proved no such thing.

    Soundness first: a proof is used only where every statement it rests on is among the
    claim's premises asserting the same formula, and its goal is the claimed statement
    as it stands (a board that only grew keeps a proof true; a ¬ or an erasure does not).
    Its ``used`` then names the claim's own premises. A redundancy shown by a clash among
    the other statements is an entailment from that clash (``premises_clash``)."""
    if claimable is None or claimable.state != State.READY or len(targets) > 1:
        return None
    where = {pair: k for k, pair in enumerate(premises)}
    if not targets:
        proof, goal = claimable.clash, None
    else:
        goal = targets[0]
        proof = dict(claimable.proofs).get(goal[0])
        if proof is not None and proof.goal != goal:
            return None
        if proof is None and goal[0] not in claimable.conflict:
            proof = claimable.clash  # the rest of the board holds the whole clash
    if proof is None:
        return None
    verdict, evidence = proof.verdict, proof.verdict.evidence
    bound = evidence.bound
    sources = bound.sources if bound is not None else ()
    rests_on = (*proof.used, *(proof.premises[k] for k in sources if 0 <= k < len(proof.premises)))
    if any(pair not in where for pair in rests_on):
        return None

    def moved(indices: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(where[proof.premises[k]] if k >= 0 else k for k in indices))

    if bound is not None and sources:
        bound = replace(bound, sources=moved(sources))
    used = tuple(sorted(where[pair] for pair in proof.used))
    evidence = replace(evidence, used=used, bound=bound)
    if targets and verdict.status == Status.INCONSISTENT:
        evidence = replace(evidence, premises_clash=True)
        return replace(verdict, status=Status.ENTAILED, evidence=evidence)
    return replace(verdict, evidence=evidence)


def additions(
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


def holds_in(
    model: Model, formula: Formula, until: float | None = None, steps: int | None = None
) -> bool:
    """Whether ``formula`` holds in ``model``, by the evaluator within a short limit (an
    error, or no answer in time, is a no): a player's look at a board it might become. A
    symbol the model does not interpret is given a meaning that makes it hold, if one of
    a few does (:mod:`referee.logic.completion`: a model of a board says nothing of a
    symbol the board never mentions). ``steps``: the limit is that many evaluator steps,
    not time (nor ``until``)."""
    check = (formula,)
    return completed(model, check, lambda m: _satisfies(m, check, until, steps)) is not None


def _satisfies(
    model: Model,
    formulas: Sequence[Formula],
    until: float | None = None,
    steps: int | None = None,
) -> bool:
    """Whether every formula holds in ``model`` (the evaluator's word; an error or a
    check that runs out of time, or past ``until``, is a no). With ``steps``, a check
    longer than that many steps is a no, whatever the clock says."""
    if steps is not None:
        try:
            return all(evaluate(f, model, max_steps=steps) for f in formulas)
        except (EvaluationError, EvaluationTimeout):
            return False
    deadline = time.monotonic() + RECHECK_SECONDS
    if until is not None:
        deadline = min(deadline, until)
    if deadline <= time.monotonic():
        return False
    try:
        return all(evaluate(f, model, deadline=deadline) for f in formulas)
    except (EvaluationError, EvaluationTimeout):
        return False


def _consistency(
    verdict: Verdict | None, board: Board
) -> tuple[Consistency, Model | None, tuple[int, ...]]:
    if verdict is None:
        return Consistency.UNKNOWN, None, ()
    if verdict.status == Status.INCONSISTENT:
        ids = [s.id for s in board.statements]
        used = verdict.used or tuple(range(len(ids)))
        return Consistency.INCONSISTENT, None, tuple(ids[k] for k in used)
    if verdict.status == Status.CONSISTENT:
        return Consistency.CONSISTENT, verdict.model, ()
    return Consistency.UNKNOWN, None, ()
