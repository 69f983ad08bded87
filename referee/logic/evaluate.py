"""An independent evaluator: is a formula true in a finite model?

This is the referee's second opinion. Every countermodel the engine reports
("consistent", "not entailed") is re-checked here before it is shown to the
players, so this module must be obviously correct and must share nothing with
the solver path: it imports no Z3 and no normal form, it walks the syntax tree
exactly as the textbook definition of truth in a structure reads.

* The domain is {0, ..., size-1}; quantifiers iterate over all of it.
* ∃!x φ holds when exactly one element satisfies φ (it counts them all).
* |L| ≥ n and |L| < n compare the domain size with n.
* A symbol the model does not interpret, a function undefined at some
  arguments, a wrong number of arguments, or a free variable is an error
  (EvaluationError), never a silent "false".
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Mapping

from referee.language import ast
from referee.logic.model import Model


class EvaluationError(ValueError):
    """The formula cannot be evaluated in this model (not: the formula is false)."""


class EvaluationTimeout(Exception):
    """The check did not finish by its deadline: the model is neither confirmed nor refuted.

    Nested quantifiers cost size^depth steps, so the engine gives the check the
    question's own deadline and treats a timeout as "no model confirmed".
    """


class _Clock:
    __slots__ = ("deadline", "max_steps", "steps")

    def __init__(self, deadline: float | None, max_steps: int | None = None) -> None:
        self.deadline = deadline
        self.max_steps = max_steps
        self.steps = 0

    def tick(self) -> None:
        self.steps += 1
        if self.max_steps is not None and self.steps > self.max_steps:
            raise EvaluationTimeout("the model check took more steps than allowed")
        if self.deadline is not None and self.steps % 512 == 0:
            if time.monotonic() > self.deadline:
                raise EvaluationTimeout("the model check ran out of time")


def evaluate(
    formula: ast.Formula,
    model: Model,
    env: Mapping[str, int] | None = None,
    deadline: float | None = None,
    max_steps: int | None = None,
) -> bool:
    """The truth value of ``formula`` in ``model`` under the assignment ``env``.

    ``env`` maps variable names to domain elements; it must cover every free
    variable of ``formula``. Every symbol is checked against the model before
    evaluation starts, so an error never hides behind a short-circuit.
    ``max_steps``: EvaluationTimeout after that many quantifier steps (work counted,
    not time: the same answer on any machine).
    """
    env = dict(env or {})
    if model.size < 1:
        raise EvaluationError("the model's domain is empty")
    for name, value in env.items():
        if not (isinstance(value, int) and 0 <= value < model.size):
            raise EvaluationError(f"variable {name} is assigned {value!r}, outside the domain")
    free = ast.free_vars(formula) - set(env)
    if free:
        raise EvaluationError(f"free variable(s) {', '.join(sorted(free))} have no value")
    _check_symbols(formula, model)
    return _eval(formula, model, env, _Clock(deadline, max_steps))


def check_model(
    formulas: Iterable[ast.Formula], model: Model, deadline: float | None = None
) -> list[int]:
    """Indices (0-based) of the closed ``formulas`` that are false in ``model``.

    An empty list means the model satisfies all of them. With a ``deadline``
    (time.monotonic()), EvaluationTimeout is raised when it passes.
    """
    return [i for i, f in enumerate(formulas) if not evaluate(f, model, deadline=deadline)]


def model_problems(
    model: Model,
    formulas: Iterable[ast.Formula] = (),
    arities: Mapping[str, int] | None = None,
) -> list[str]:
    """Why ``model`` cannot serve as a structure for ``formulas`` (empty when it can).

    Combines ``Model.problems`` (empty domain, partial functions, values out of
    range) with the symbols the formulas need and the arities they use.
    ``arities`` (e.g. a Vocabulary's predicates and functions merged) lets a
    function with an empty table be checked too.
    """
    out = list(model.problems(arities))
    for f in formulas:
        try:
            _check_symbols(f, model)
        except EvaluationError as exc:
            if str(exc) not in out:
                out.append(str(exc))
    return out


# --------------------------------------------------------------------- internals


def _check_symbols(formula: ast.Formula, model: Model) -> None:
    """Every predicate and function the formula uses exists with the arity used."""
    functions: dict[str, int] = {}
    for sub in ast.subformulas(formula):
        if isinstance(sub, ast.Pred):
            if sub.name not in model.predicates:
                raise EvaluationError(f"the model does not interpret the predicate {sub.name}")
            for row in model.predicates[sub.name]:
                if len(row) != len(sub.args):
                    raise EvaluationError(
                        f"{sub.name} is used with {len(sub.args)} argument(s) but the model "
                        f"interprets it with {len(row)}"
                    )
                break
        for term in ast.atom_terms(sub):
            for t in ast.subterms(term):
                if isinstance(t, ast.App):
                    if t.name not in model.functions:
                        raise EvaluationError(f"the model does not interpret the function {t.name}")
                    for args in model.functions[t.name]:
                        if len(args) != len(t.args):
                            raise EvaluationError(
                                f"{t.name} is used with {len(t.args)} argument(s) but the "
                                f"model interprets it with {len(args)}"
                            )
                        break
                    functions[t.name] = len(t.args)
    # Functions must be total on the domain: a hole would otherwise only show
    # up if evaluation happened to reach it.
    for name, arity in functions.items():
        table = model.functions[name]
        for args in itertools.product(range(model.size), repeat=arity):
            if args not in table:
                raise EvaluationError(f"{name} is not defined at {args}")
            value = table[args]
            if not (isinstance(value, int) and 0 <= value < model.size):
                raise EvaluationError(f"{name}{args} = {value!r} is outside the domain")


def _term(term: ast.Term, model: Model, env: dict[str, int]) -> int:
    if isinstance(term, ast.Var):
        if term.name not in env:
            raise EvaluationError(f"free variable {term.name} has no value")
        return env[term.name]
    if isinstance(term, ast.App):
        table = model.functions.get(term.name)
        if table is None:
            raise EvaluationError(f"the model does not interpret the function {term.name}")
        args = tuple(_term(a, model, env) for a in term.args)
        if args not in table:
            raise EvaluationError(f"{term.name} is not defined at {args}")
        value = table[args]
        if not (isinstance(value, int) and 0 <= value < model.size):
            raise EvaluationError(f"{term.name}{args} = {value!r} is outside the domain")
        return value
    raise EvaluationError(f"not a term: {term!r}")


def _eval(f: ast.Formula, model: Model, env: dict[str, int], clock: _Clock) -> bool:
    if isinstance(f, ast.Pred):
        rows = model.predicates.get(f.name)
        if rows is None:
            raise EvaluationError(f"the model does not interpret the predicate {f.name}")
        return tuple(_term(a, model, env) for a in f.args) in rows
    if isinstance(f, ast.Eq):
        return _term(f.left, model, env) == _term(f.right, model, env)
    if isinstance(f, ast.Not):
        return not _eval(f.body, model, env, clock)
    if isinstance(f, ast.And):
        return _eval(f.left, model, env, clock) and _eval(f.right, model, env, clock)
    if isinstance(f, ast.Or):
        return _eval(f.left, model, env, clock) or _eval(f.right, model, env, clock)
    if isinstance(f, ast.Implies):
        return (not _eval(f.left, model, env, clock)) or _eval(f.right, model, env, clock)
    if isinstance(f, ast.Iff):
        return _eval(f.left, model, env, clock) == _eval(f.right, model, env, clock)
    if isinstance(f, ast.Quant):

        def holds(d: int) -> bool:
            clock.tick()
            return _eval(f.body, model, {**env, f.var: d}, clock)

        domain = range(model.size)
        if f.kind == ast.FORALL:
            return all(holds(d) for d in domain)
        if f.kind == ast.EXISTS:
            return any(holds(d) for d in domain)
        if f.kind == ast.UNIQUE:
            return sum(1 for d in domain if holds(d)) == 1
        raise EvaluationError(f"unknown quantifier {f.kind!r}")
    if isinstance(f, ast.Card):
        if f.op == ast.AT_LEAST:
            return model.size >= f.n
        if f.op == ast.FEWER_THAN:
            return model.size < f.n
        raise EvaluationError(f"unknown cardinality operator {f.op!r}")
    if isinstance(f, ast.Falsum):
        return False
    raise EvaluationError(f"not a formula: {f!r}")
