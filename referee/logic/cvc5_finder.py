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
        boolean = tm.getBooleanSort()
        self.preds = {
            name: tm.mkConst(
                tm.mkFunctionSort([self.sort] * arity, boolean) if arity else boolean,
                f"p_{name}",
            )
            for name, arity in predicates.items()
        }
        self.funcs = {
            name: tm.mkConst(
                tm.mkFunctionSort([self.sort] * arity, self.sort) if arity else self.sort,
                f"f_{name}",
            )
            for name, arity in functions.items()
        }
        self._fresh = itertools.count()

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
) -> Cvc5Result:
    """cvc5 with finite model finding on premises ∧ negated_goal.

    ``core``: try first to answer with the unsat core (the premises an unsat
    answer used, shrunk to a minimal set); if that search has not answered in
    its slice, the plain search goes on, and an unsat from it cites every
    premise (``minimal`` false: the engine shrinks it). ``resource_limit``:
    cvc5's deterministic resource budget instead of only the clock (for
    reproducible corpora; the deadline still applies).
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
    first = check(min(deadline, slice_end), core=True)
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
        goal_used = True
        minimal = False
        if core:
            kept, minimal = _shrink(solver, literals, seconds, deadline, cancelled)
            used = tuple(sorted(i for i in kept if literals[i] is not goal_literal))
            goal_used = goal_literal is not None and literals.index(goal_literal) in kept
        else:
            used = tuple(range(len(premises)))
        return Cvc5Result(
            Cvc5Status.UNSAT,
            used=used,
            seconds=time.monotonic() - start,
            minimal=minimal,
            goal_used=goal_used,
        )
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


# Shrinking a core by deletion: the whole, and each trial (× the refutation's time).
SHRINK_MIN, SHRINK_FACTOR = 0.25, 10.0
TRIAL_MIN, TRIAL_FACTOR = 0.05, 4.0


def _in_core(solver, literals) -> list[int]:
    """Indices of the assumption literals in the solver's last unsat core."""
    names = {str(t) for t in solver.getUnsatCore()}
    return [i for i, lit in enumerate(literals) if str(lit) in names]


def _shrink(solver, literals, proved: float, deadline: float, cancelled) -> tuple[list[int], bool]:
    """Drop each assumption whose removal keeps the problem unsat (deletion, bounded).

    Each trial is a check of the same incremental solver under fewer
    assumptions; an element stays when its trial finds a model. Minimal only
    if every kept element's trial did (an unknown keeps it, unproved).
    """
    core = _in_core(solver, literals)
    stop = min(deadline, time.monotonic() + max(SHRINK_MIN, SHRINK_FACTOR * proved))
    cap = max(TRIAL_MIN, TRIAL_FACTOR * proved)
    minimal = True
    i = 0
    while i < len(core):
        remaining = min(stop, time.monotonic() + cap) - time.monotonic()
        if remaining <= 0.001 or cancelled():
            return core, False
        trial = core[:i] + core[i + 1 :]
        solver.setOption("tlimit-per", str(max(1, int(remaining * 1000))))
        result = solver.checkSatAssuming(*[literals[j] for j in trial])
        if result.isUnsat():
            smaller = set(_in_core(solver, literals))
            core = [j for j in trial if j in smaller]
            i = min(i, len(core))  # everything before i was already needed
            continue
        minimal &= result.isSat()
        i += 1
    return core, minimal


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
