"""cvc5's finite model finding, in process: a second model finder to race beside our own.

cvc5 (``finite-model-find``) searches models of growing size of the quantified
problem directly, with model-based quantifier instantiation, instead of
grounding every quantifier the way ``referee.logic.finder`` does. A model it
finds is read out into a plain ``Model``; the engine re-checks it with the
independent evaluator like any other. Its "unsat" is cvc5's refutation (with
the premises of its unsat core), a solver's claim of the same standing as Z3's.

Options, chosen against pitfalls reported on cvc5's tracker: sort inference
stays off (with finite model finding it has produced wrong answers) and
``fmf-mbqi`` stays at its default (``trust`` may answer sat without a model of
the quantifiers). cvc5's Python API has no interrupt: a check stops at its own
time limit (``tlimit-per``, the question's deadline), and ``cancelled()`` is
looked at before and after it; a caller that needs it stopped sooner kills
the worker, as the pool does with any task that ignores cancellation.

Runs in a worker process (inputs are plain picklable data).
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FORALL,
    UNIQUE,
    And,
    Card,
    Eq,
    Falsum,
    Formula,
    Iff,
    Implies,
    Not,
    Or,
    Pred,
    Quant,
    Term,
    Var,
)
from referee.logic.deletion import Trial, by_deletion
from referee.logic.model import Model
from referee.logic.tasks import Cvc5Result, Cvc5Status

try:
    import cvc5
    from cvc5 import Kind
except ImportError:  # cvc5 is optional: the racer reports itself unavailable
    cvc5 = None


def available() -> bool:
    return cvc5 is not None


def warm_up() -> None:
    """One tiny check, so a worker's first question does not pay cvc5's first-use
    costs (measured: a process's first check takes 10-100 ms more than its second)."""
    if cvc5 is None:
        return
    x = Var("x")
    p = Quant(FORALL, "x", Pred("p", (x,)))
    find_model_cvc5([p], Not(p), {"p": 1}, {}, time.monotonic() + 1.0, core=True)


class _Translator:
    """Our AST as cvc5 terms over one uninterpreted sort L."""

    def __init__(self, tm, predicates: dict[str, int], functions: dict[str, int]) -> None:
        self.tm = tm
        self.sort = tm.mkUninterpretedSort("L")
        self.preds: dict[str, object] = {}
        self.funcs: dict[str, object] = {}
        self.arities: dict[tuple[str, str], int] = {}
        self._fresh = itertools.count()
        self.declare(predicates, functions)

    def declare(self, predicates: dict[str, int], functions: dict[str, int]) -> bool:
        """Add the symbols not yet declared; False if one is declared with another arity."""
        tm = self.tm
        for kind, symbols, table, result in (
            ("p", predicates, self.preds, tm.getBooleanSort()),
            ("f", functions, self.funcs, self.sort),
        ):
            for name, arity in symbols.items():
                known = self.arities.get((kind, name))
                if known is not None:
                    if known != arity:
                        return False
                    continue
                self.arities[(kind, name)] = arity
                sort = tm.mkFunctionSort([self.sort] * arity, result) if arity else result
                table[name] = tm.mkConst(sort, f"{kind}_{name}")
        return True

    def _var(self, name: str):
        return self.tm.mkVar(self.sort, f"{name}!{next(self._fresh)}")

    def _apply(self, symbol, args: list):
        return self.tm.mkTerm(Kind.APPLY_UF, symbol, *args) if args else symbol

    def term(self, t: Term, env: dict):
        if isinstance(t, Var):
            return env[t.name]
        return self._apply(self.funcs[t.name], [self.term(a, env) for a in t.args])

    def formula(self, f: Formula, env: dict | None = None):
        env = env or {}
        tm = self.tm
        if isinstance(f, Pred):
            return self._apply(self.preds[f.name], [self.term(a, env) for a in f.args])
        if isinstance(f, Eq):
            return tm.mkTerm(Kind.EQUAL, self.term(f.left, env), self.term(f.right, env))
        if isinstance(f, Not):
            return tm.mkTerm(Kind.NOT, self.formula(f.body, env))
        if isinstance(f, (And, Or, Implies, Iff)):
            kind = {And: Kind.AND, Or: Kind.OR, Implies: Kind.IMPLIES, Iff: Kind.EQUAL}[type(f)]
            return tm.mkTerm(kind, self.formula(f.left, env), self.formula(f.right, env))
        if isinstance(f, Falsum):
            return tm.mkFalse()
        if isinstance(f, Card):
            return self.card(f)
        if isinstance(f, Quant):
            x = self._var(f.var)
            body = self.formula(f.body, {**env, f.var: x})
            if f.kind == UNIQUE:
                y = self._var(f.var)
                other = self.formula(f.body, {**env, f.var: y})
                at_most = self._quant(
                    Kind.FORALL, [y], tm.mkTerm(Kind.IMPLIES, other, tm.mkTerm(Kind.EQUAL, y, x))
                )
                return self._quant(Kind.EXISTS, [x], tm.mkTerm(Kind.AND, body, at_most))
            if f.kind == FORALL:
                return self._quant(Kind.FORALL, [x], body)
            if f.kind == EXISTS:
                return self._quant(Kind.EXISTS, [x], body)
        raise TypeError(f"not a formula: {f!r}")

    def _quant(self, kind, variables: list, body):
        return self.tm.mkTerm(kind, self.tm.mkTerm(Kind.VARIABLE_LIST, *variables), body)

    def card(self, f: Card):
        """|L| ≥ n: n distinct objects; |L| < n: n-1 objects and nothing else (as the export)."""
        tm, n = self.tm, f.n
        if f.op == AT_LEAST:
            if n <= 1:
                return tm.mkTrue()
            xs = [self._var("c") for _ in range(n)]
            return self._quant(Kind.EXISTS, xs, tm.mkTerm(Kind.DISTINCT, *xs))
        if n <= 1:
            return tm.mkFalse()
        xs = [self._var("c") for _ in range(n - 1)]
        y = self._var("d")
        cover = [tm.mkTerm(Kind.EQUAL, y, x) for x in xs]
        everything = self._quant(
            Kind.FORALL, [y], cover[0] if len(cover) == 1 else tm.mkTerm(Kind.OR, *cover)
        )
        return self._quant(Kind.EXISTS, xs, everything)


# Tracking the unsat core (``produce-unsat-cores``) turns off preprocessing that
# finite model finding needs on some boards: measured, a grown board whose model
# cvc5 finds in 0.9 s ran 10 s without one with cores on. So a search with a core
# runs first for a short slice only, then the plain search for the rest.
CORE_FIRST_SHARE, CORE_FIRST_MIN = 0.25, 0.2


def find_model_cvc5(
    premises: Sequence[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    cancelled: Callable[[], bool] = lambda: False,
    core: bool = False,
    resource_limit: int | None = None,
    boards: Boards | None = None,
) -> Cvc5Result:
    """cvc5 with finite model finding on premises ∧ negated_goal.

    ``core``: try first to answer with the unsat core (the premises an unsat
    answer used, shrunk to a minimal set); if that search has not answered in
    its slice, the plain search goes on, and an unsat from it cites every
    premise (``minimal`` false: the engine shrinks it). ``resource_limit``:
    cvc5's deterministic resource budget instead of only the clock (for
    reproducible corpora; the deadline still applies). ``boards``: a worker's
    incremental solvers (with ``core``, at most ``BOARD_STATEMENTS``
    statements): the first slice is asked of the one that already holds
    these statements, instead of a new solver.
    """
    start = time.monotonic()
    if cvc5 is None:
        return Cvc5Result(Cvc5Status.UNAVAILABLE, reason="the cvc5 package is not installed")
    check = functools.partial(
        _check,
        premises,
        negated_goal,
        predicates,
        functions,
        cancelled=cancelled,
        resource_limit=resource_limit,
    )
    if not core:
        return check(deadline, core=False)
    slice_end = start + max(CORE_FIRST_MIN, CORE_FIRST_SHARE * (deadline - start))
    first = None
    statements = len(premises) + (negated_goal is not None)
    if boards is not None and resource_limit is None and statements <= BOARD_STATEMENTS:
        first = boards.check(
            premises, negated_goal, predicates, functions, min(deadline, slice_end), cancelled
        )
        if first.status == Cvc5Status.UNKNOWN and time.monotonic() < slice_end - 0.001:
            first = None  # the board's solver was cut short: a new one has the rest of the slice
    if first is None:
        first = replace(
            check(min(deadline, slice_end), core=True), seconds=time.monotonic() - start
        )
    if first.status != Cvc5Status.UNKNOWN or time.monotonic() >= deadline - 0.001:
        return first
    return replace(check(deadline, core=False), seconds=time.monotonic() - start)


def _check(
    premises: Sequence[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    cancelled: Callable[[], bool],
    core: bool,
    resource_limit: int | None,
) -> Cvc5Result:
    """One cvc5 check, with the premises behind assumption literals when ``core``."""
    start = time.monotonic()
    if cancelled():
        return Cvc5Result(Cvc5Status.CANCELLED, seconds=time.monotonic() - start)
    remaining = deadline - time.monotonic()
    if remaining <= 0.001:
        return Cvc5Result(Cvc5Status.UNKNOWN, seconds=0.0, reason="no time left")
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("finite-model-find", "true")
    solver.setOption("sort-inference", "false")
    solver.setOption("produce-models", "true")
    solver.setOption("tlimit-per", str(max(1, int(remaining * 1000))))
    if resource_limit is not None:
        solver.setOption("rlimit-per", str(resource_limit))
    if core:
        # A minimal core is what a table reads ("using #1, #3"). cvc5 can shrink its
        # own (``minimal-unsat-cores``), but deletion trials on this same incremental
        # solver cost half as much (measured: 6.6 against 12.6 ms a refutation on
        # 3-7-statement boards), so the core is shrunk here (``_shrink``).
        solver.setOption("produce-unsat-cores", "true")
    solver.setLogic("UF")
    tr = _Translator(tm, predicates, functions)
    literals = []
    for i, premise in enumerate(premises):
        term = tr.formula(premise)
        if core:
            lit = tm.mkConst(tm.getBooleanSort(), f"premise!{i}")
            literals.append(lit)
            solver.assertFormula(tm.mkTerm(Kind.IMPLIES, lit, term))
        else:
            solver.assertFormula(term)
    goal_literal = None
    if negated_goal is not None:
        if core:  # behind a literal too: a core without it says the premises clash alone
            goal_literal = tm.mkConst(tm.getBooleanSort(), "goal!")
            literals.append(goal_literal)
            solver.assertFormula(tm.mkTerm(Kind.IMPLIES, goal_literal, tr.formula(negated_goal)))
        else:
            solver.assertFormula(tr.formula(negated_goal))
    result = solver.checkSatAssuming(*literals) if core else solver.checkSat()
    seconds = time.monotonic() - start
    if cancelled():
        return Cvc5Result(Cvc5Status.CANCELLED, seconds=seconds)
    if result.isUnsat():
        if core:
            negations = [tm.mkTerm(Kind.NOT, lit) for lit in literals]
            kept, minimal = _shrink(solver, literals, negations, seconds, deadline, cancelled)
            return _refuted(literals, kept, len(premises), goal_literal, minimal, start)
        return Cvc5Result(
            Cvc5Status.UNSAT,
            used=tuple(range(len(premises))),
            seconds=time.monotonic() - start,
            minimal=False,
            goal_used=True,
        )
    return _model_or_unknown(result, solver, tm, tr, predicates, functions, start, seconds)


def _refuted(literals, kept, premises: int, goal_literal, minimal: bool, start) -> Cvc5Result:
    """UNSAT, with the premises (the first ``premises`` literals) whose literal is in
    the core ``kept``: matched by name, as a board's repeated statement has one literal,
    and one premise for each (two statements alike, once normalised, are one statement
    of the core: naming both would make it not minimal)."""
    core = {str(literals[i]) for i in kept}
    named: dict[str, int] = {}
    for i in sorted(kept):
        if i < premises:
            named.setdefault(str(literals[i]), i)
    for i, lit in enumerate(literals[:premises]):
        if str(lit) in core:
            named.setdefault(str(lit), i)
    return Cvc5Result(
        Cvc5Status.UNSAT,
        used=tuple(sorted(named.values())),
        seconds=time.monotonic() - start,
        minimal=minimal,
        goal_used=goal_literal is not None and str(goal_literal) in core,
    )


def _model_or_unknown(result, solver, tm, tr, predicates, functions, start, seconds):
    """A check that was not UNSAT: its model if it found one, else UNKNOWN."""
    if result.isSat():
        try:
            model = _read_model(solver, tm, tr, predicates, functions)
        except (RuntimeError, ValueError, KeyError) as exc:  # unreadable: no model at all
            return Cvc5Result(
                Cvc5Status.UNKNOWN, seconds=time.monotonic() - start, reason=f"model: {exc}"
            )
        return Cvc5Result(Cvc5Status.MODEL, model=model, seconds=time.monotonic() - start)
    return Cvc5Result(
        Cvc5Status.UNKNOWN, seconds=seconds, reason=str(result.getUnknownExplanation())
    )


# A worker's incremental solvers: how many boards it keeps, and how many statements
# (each behind its own assumption literal) one may hold before it is started afresh
# (a solver keeps what it learnt, and grows with it).
BOARDS_KEPT, BOARD_FORMULAS = 4, 40
KNOWN_SAT = 32  # satisfiable sets a board's solver remembers (the latest)
# Boards of at most this many statements go to a worker's incremental solvers. On
# boards grown to 8-13 statements a solver's history made some searches several
# times slower (paired.py, 217 questions: 0.927 at the median but p95 366 -> 432 ms,
# one refutation 0.49 -> 2.96 s), so those keep a fresh solver per question.
BOARD_STATEMENTS = 7


class _Board:
    """One incremental cvc5 solver: every formula it was asked about, asserted once
    behind an assumption literal of its own, so a question is one check under the
    literals of its premises and negated goal, and the unsat core over those
    literals names the premises used."""

    def __init__(self) -> None:
        self.tm = cvc5.TermManager()
        self.solver = cvc5.Solver(self.tm)
        for option, value in (
            ("finite-model-find", "true"),
            ("sort-inference", "false"),
            ("produce-models", "true"),
            ("produce-unsat-cores", "true"),
            ("incremental", "true"),
        ):
            self.solver.setOption(option, value)
        self.solver.setLogic("UF")
        self.tr = _Translator(self.tm, {}, {})
        self.literals: dict[Formula, object] = {}
        self.negations: dict[Formula, object] = {}
        # Sets of literal names it found a model of: a deletion trial inside one
        # needs no check (a board's consistency model covers every trial of premises).
        self.sat: list[frozenset[str]] = []
        self._goals = itertools.count()

    def goal_literal(self):
        """A new literal for one question's negated goal (asserted in its scope)."""
        return self.tm.mkConst(self.tm.getBooleanSort(), f"goal!{next(self._goals)}")

    def literal(self, formula: Formula):
        """The assumption literal guarding ``formula``, asserting it the first time."""
        lit = self.literals.get(formula)
        if lit is None:
            lit = self.tm.mkConst(self.tm.getBooleanSort(), f"s!{len(self.literals)}")
            self.solver.assertFormula(self.tm.mkTerm(Kind.IMPLIES, lit, self.tr.formula(formula)))
            self.literals[formula] = lit
            self.negations[formula] = self.tm.mkTerm(Kind.NOT, lit)
        return lit


class Boards:
    """The incremental solvers a worker keeps between questions (most recent last).

    A board's questions (its consistency, each statement's redundancy) share
    its statements: asked of the solver that holds them, a question skips the
    translation and the assertions, and cvc5 keeps what it learnt. A solver
    whose check or trial stopped short of an answer (a limit, an unknown, a
    cancellation, an error) is dropped, never asked again. Which model or
    which minimal core cvc5 finds may depend on what the solver answered
    before; the verdict cannot (a model is re-checked by the evaluator, a
    refutation is one whatever the history).
    """

    def __init__(self) -> None:
        self._boards: list[_Board] = []
        self._spare: _Board | None = None
        self._dropped: list[_Board] = []

    def __len__(self) -> int:
        """How many solvers it keeps."""
        return len(self._boards)

    @property
    def dropped(self) -> int:
        """How many solvers wait to be freed (``tidy``)."""
        return len(self._dropped)

    def tidy(self) -> None:
        """Free the solvers dropped and make the next one: while the worker waits,
        since freeing a solver that answered a board costs about 2 ms (measured)."""
        self._dropped.clear()
        if self._spare is None and cvc5 is not None:
            self._spare = _Board()

    def _drop(self, board: _Board) -> None:
        if board in self._boards:
            self._boards.remove(board)
            self._dropped.append(board)

    def _board_for(self, premises: list[Formula], predicates, functions) -> _Board:
        """The solver holding most of these premises (more than half), else a new one."""
        best, overlap = None, 0
        for board in self._boards:
            shared = sum(1 for f in premises if f in board.literals)
            if shared > overlap and 2 * shared > len(premises):
                best, overlap = board, shared
        if best is not None and (
            len(best.literals) + len(premises) - overlap > BOARD_FORMULAS
            or not best.tr.declare(predicates, functions)
        ):
            self._drop(best)
            best = None
        if best is None:
            best, self._spare = self._spare or _Board(), None
            best.tr.declare(predicates, functions)
            for old in self._boards[: max(0, len(self._boards) - BOARDS_KEPT + 1)]:
                self._drop(old)
        else:
            self._boards.remove(best)
        self._boards.append(best)
        return best

    def check(
        self,
        premises: Sequence[Formula],
        negated_goal: Formula | None,
        predicates: dict[str, int],
        functions: dict[str, int],
        deadline: float,
        cancelled: Callable[[], bool],
    ) -> Cvc5Result:
        """``_check`` with a core, asked of the board's incremental solver."""
        start = time.monotonic()
        if cancelled():
            return Cvc5Result(Cvc5Status.CANCELLED)
        remaining = deadline - start
        if remaining <= 0.001:
            return Cvc5Result(Cvc5Status.UNKNOWN, reason="no time left")
        board = self._board_for(list(premises), predicates, functions)
        try:
            result = self._ask(
                board, premises, negated_goal, predicates, functions, start, deadline, cancelled
            )
        except Exception:
            self._drop(board)
            raise
        if result.status not in (Cvc5Status.MODEL, Cvc5Status.UNSAT) or (
            result.status == Cvc5Status.UNSAT and not result.minimal
        ):
            self._drop(board)  # it stopped short somewhere: never trust it again
        return result

    @staticmethod
    def _ask(board, premises, negated_goal, predicates, functions, start, deadline, cancelled):
        """One question on ``board``: its negated goal lives in a scope of its own."""
        literals = [board.literal(p) for p in premises]
        board.solver.push()
        try:
            return Boards._scoped(
                board,
                literals,
                premises,
                negated_goal,
                predicates,
                functions,
                start,
                deadline,
                cancelled,
            )
        finally:
            board.solver.pop()

    @staticmethod
    def _scoped(
        board, literals, premises, negated_goal, predicates, functions, start, deadline, cancelled
    ):
        solver, tm = board.solver, board.tm
        goal_literal = None
        if negated_goal is not None:
            goal_literal = board.goal_literal()
            solver.assertFormula(
                tm.mkTerm(Kind.IMPLIES, goal_literal, board.tr.formula(negated_goal))
            )
            literals.append(goal_literal)
        # The board's other statements are assumed false: switched off, not left to
        # the search (which would otherwise look for a model of them too).
        asked = {str(lit) for lit in literals}
        off = [board.negations[f] for f, lit in board.literals.items() if str(lit) not in asked]
        solver.setOption("tlimit-per", str(max(1, int((deadline - time.monotonic()) * 1000))))
        result = solver.checkSatAssuming(*literals, *off)
        seconds = time.monotonic() - start
        if cancelled():
            return Cvc5Result(Cvc5Status.CANCELLED, seconds=seconds)
        if result.isUnsat():
            negations = [tm.mkTerm(Kind.NOT, lit) for lit in literals]
            kept, minimal = _shrink(
                solver, literals, negations, seconds, deadline, cancelled, off, board.sat
            )
            del board.sat[:-KNOWN_SAT]
            return _refuted(literals, kept, len(premises), goal_literal, minimal, start)
        if result.isSat():
            board.sat.append(frozenset(asked))
            del board.sat[:-KNOWN_SAT]
        return _model_or_unknown(
            result, solver, tm, board.tr, predicates, functions, start, seconds
        )


def _in_core(solver, literals) -> list[int]:
    """Indices of the assumption literals in the solver's last unsat core."""
    names = {str(t) for t in solver.getUnsatCore()}
    return [i for i, lit in enumerate(literals) if str(lit) in names]


def _shrink(
    solver, literals, negations, proved: float, deadline: float, cancelled, off=(), known=None
) -> tuple[list[int], bool]:
    """The solver's last unsat core, shrunk by deletion (``referee.logic.deletion``).

    Each trial is a check of the same incremental solver under fewer
    assumptions, the dropped ones assumed false (``negations[i]`` is
    ``literals[i]`` negated; ``off``: more literals assumed false), so the
    solver never spends a trial satisfying formulas the trial left out.
    ``known``: sets of literal names the solver found a model of (its
    board's), grown here; a trial inside one has a model already and needs
    no check.
    """
    known = [] if known is None else known
    everything = {str(lit): neg for lit, neg in zip(literals, negations, strict=True)}

    def trial(indices: list[int], until: float) -> tuple[Trial, list[int] | None]:
        kept = {str(literals[j]) for j in indices}
        if any(kept <= sat for sat in known):
            return Trial.NEEDED, None  # a subset of statements with a model has one too
        assumed = [literals[j] for j in indices]
        assumed += [neg for name, neg in everything.items() if name not in kept]
        solver.setOption("tlimit-per", str(max(1, int((until - time.monotonic()) * 1000))))
        result = solver.checkSatAssuming(*assumed, *off)
        if result.isUnsat():
            return Trial.REFUTED, _in_core(solver, literals)
        if result.isSat():
            known.append(frozenset(kept))
            return Trial.NEEDED, None
        return Trial.UNKNOWN, None

    return by_deletion(_in_core(solver, literals), trial, proved, deadline, cancelled)


def _read_model(solver, tm, tr: _Translator, predicates, functions) -> Model:
    """cvc5's finite model as a plain Model (domain 0..k-1 in cvc5's order)."""
    elements = list(solver.getModelDomainElements(tr.sort))
    if not elements:
        # Nothing constrains L (no constant, no quantifier reached it): any
        # one-object structure will do for the symbols cvc5 left open.
        return Model(
            1,
            {n: {(0,) * a: 0} for n, a in functions.items()},
            {n: frozenset() for n in predicates},
        )
    index = {e: i for i, e in enumerate(elements)}
    size = len(elements)

    def element(value) -> int:
        if value not in index:
            raise ValueError(f"cvc5 value {value} is not in its domain {elements}")
        return index[value]

    table_functions: dict[str, dict[tuple[int, ...], int]] = {}
    for name, arity in functions.items():
        symbol = tr.funcs[name]
        table_functions[name] = {
            args: element(solver.getValue(tr._apply(symbol, [elements[a] for a in args])))
            for args in itertools.product(range(size), repeat=arity)
        }
    table_predicates: dict[str, frozenset[tuple[int, ...]]] = {}
    for name, arity in predicates.items():
        symbol = tr.preds[name]
        table_predicates[name] = frozenset(
            args
            for args in itertools.product(range(size), repeat=arity)
            if solver.getValue(tr._apply(symbol, [elements[a] for a in args])).getBooleanValue()
        )
    return Model(size, table_functions, table_predicates)
