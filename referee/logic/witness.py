"""Why a statement is false (or true) in a model: the objects and facts that decide it.

Tarski's World plays an evaluation game: to show ∀x φ false, pick an object
where φ fails; to show ∃x φ false, note that no object satisfies it. This
module plays that game with the independent evaluator and returns what a
player needs to see where a claimed statement fails in a countermodel: the
objects chosen for its quantifiers and the atomic facts that settle it.
Elements appear in formulas as constants ``e0``, ``e1``, … (as models are
drawn).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.language import ast
from referee.logic.evaluate import evaluate
from referee.logic.model import Model

MAX_FACTS = 6


@dataclass(frozen=True)
class Explanation:
    """``formula`` has ``value`` in the model because of these choices and facts.

    ``bindings``: (variable, element) chosen for quantifiers, outermost first;
    ``facts``: ground atoms with their values; ``nothing``: existential
    statements (ground) that no object satisfies; ``everything``: universal
    ones every object satisfies.
    """

    value: bool
    bindings: tuple[tuple[str, int], ...] = ()
    facts: tuple[tuple[ast.Formula, bool], ...] = ()
    nothing: tuple[ast.Formula, ...] = ()
    everything: tuple[ast.Formula, ...] = ()


@dataclass
class _Found:
    bindings: list[tuple[str, int]] = field(default_factory=list)
    facts: list[tuple[ast.Formula, bool]] = field(default_factory=list)
    nothing: list[ast.Formula] = field(default_factory=list)
    everything: list[ast.Formula] = field(default_factory=list)


def explain(formula: ast.Formula, model: Model) -> Explanation:
    """Why the closed ``formula`` has the value it has in ``model``."""
    value = evaluate(formula, model)
    found = _Found()
    _why(formula, model, {}, value, found)
    return Explanation(
        value,
        tuple(found.bindings),
        tuple(found.facts[:MAX_FACTS]),
        tuple(found.nothing),
        tuple(found.everything),
    )


def _ground(f: ast.Formula, env: dict[str, int]) -> ast.Formula:
    for var, element in env.items():
        f = ast.substitute(f, var, ast.App(Model.element_name(element)))
    return f


def _why(f: ast.Formula, model: Model, env: dict[str, int], value: bool, out: _Found) -> None:
    def val(g: ast.Formula, e: dict[str, int] = env) -> bool:
        return evaluate(g, model, e)

    if len(out.facts) >= MAX_FACTS:
        return
    if isinstance(f, (ast.Pred, ast.Eq, ast.Card, ast.Falsum)):
        out.facts.append((_ground(f, env), value))
    elif isinstance(f, ast.Not):
        _why(f.body, model, env, not value, out)
    elif isinstance(f, ast.And):
        if value:
            _why(f.left, model, env, True, out)
            _why(f.right, model, env, True, out)
        else:
            side = f.left if not val(f.left) else f.right
            _why(side, model, env, False, out)
    elif isinstance(f, ast.Or):
        if value:
            side = f.left if val(f.left) else f.right
            _why(side, model, env, True, out)
        else:
            _why(f.left, model, env, False, out)
            _why(f.right, model, env, False, out)
    elif isinstance(f, ast.Implies):
        if not value:
            _why(f.left, model, env, True, out)
            _why(f.right, model, env, False, out)
        elif not val(f.left):
            _why(f.left, model, env, False, out)
        else:
            _why(f.right, model, env, True, out)
    elif isinstance(f, ast.Iff):
        _why(f.left, model, env, val(f.left), out)
        _why(f.right, model, env, val(f.right), out)
    elif isinstance(f, ast.Quant):
        holders = [d for d in range(model.size) if val(f.body, {**env, f.var: d})]
        if f.kind == ast.FORALL:
            if value:
                out.everything.append(_ground(f, env))
            else:
                d = next(d for d in range(model.size) if d not in holders)
                out.bindings.append((f.var, d))
                _why(f.body, model, {**env, f.var: d}, False, out)
        elif f.kind == ast.EXISTS:
            if value:
                out.bindings.append((f.var, holders[0]))
                _why(f.body, model, {**env, f.var: holders[0]}, True, out)
            else:
                out.nothing.append(_ground(f, env))
        else:  # ∃!: exactly one
            if len(holders) == 1 or (not value and len(holders) >= 2):
                for d in holders[:2]:
                    out.bindings.append((f.var, d))
                    _why(f.body, model, {**env, f.var: d}, True, out)
            else:
                out.nothing.append(_ground(f, env))
