"""The referee writes derivations itself, in the format players write and the checker reads.

```python
from referee.derivation.writer import write_derivation
written = write_derivation(premises, goal, vocabulary, labels=[2, 5], deadline=time.monotonic() + 2)
written.text, written.lines, written.rests_on, written.cited_steps, written.method
```

* propositional problems (letters only, as in Ergo) get a derivation in the
  named rules alone (:mod:`referee.derivation.propositional`): every valid
  entailment gets one, and the common ones are a few lines;
* first-order problems get the shape a person writes
  (:mod:`referee.derivation.firstorder`), with instances chosen by a Herbrand
  argument (:mod:`referee.derivation.herbrand`); ∃! and |L| are spelled out by
  the ``def`` rule; a cited (engine) step appears only to bring together
  literals that clash through equations when =E rewriting does not find the way;
* where only a finite search settles the question (a |L| < n statement, or a
  decidable fragment's size bound) and nothing else works, the derivation is one
  cited step saying so.

Every derivation returned has passed :func:`referee.derivation.checker.check_derivation`
here, its cited steps confirmed by a Z3 call in this process (the finite-search
step excepted: only the engine's model finder can confirm it); the caller
checks again with the engine before showing it (:mod:`referee.derivation.shown`).
``None`` means no derivation (the goal does not follow, the deadline passed, or
the search gave up).
Pure and picklable in, picklable out: the caller runs it in a killable worker.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from referee.derivation.checker import CheckedBy
from referee.derivation.fitch import Box, Step, render
from referee.derivation.herbrand import is_internal
from referee.derivation.propositional import BOTTOM, is_propositional, write_propositional
from referee.language import ast
from referee.language.ast import Formula
from referee.language.printer import to_unicode
from referee.language.shapes import Plain
from referee.language.vocabulary import Vocabulary

log = logging.getLogger(__name__)


class Written(enum.StrEnum):
    """How a derivation was written (kept in records by these names)."""

    PROPOSITIONAL = "propositional"  # the named rules alone
    FIRST_ORDER = "first-order"  # the quantifier moves, instances by Herbrand
    FINITE_SEARCH = "finite search"  # one cited step: a finite search settles it


@dataclass(frozen=True)
class WrittenDerivation(Plain):
    text: str
    lines: int
    rests_on: tuple[int, ...]  # the board numbers it cites
    cited_steps: int = 0  # lines the checker confirms with the engine (``by 3, 5``)
    method: Written = Written.PROPOSITIONAL


def write_derivation(
    premises: Sequence[Formula],
    goal: Formula | None,
    vocabulary: Vocabulary | dict,
    *,
    labels: Sequence[int] | None = None,
    deadline: float | None = None,
    named_rules_only: bool = False,
) -> WrittenDerivation | None:
    """A checked derivation of ``goal`` (None: of ⊥) from ``premises``, or None.

    ``premises`` are closed formulas (board statements through
    ``statement_formula``); premise i is cited as ``board labels[i]`` (default
    i + 1). ``deadline`` is a ``time.monotonic()`` instant. ``vocabulary`` is the
    board's, or its ``to_json()`` (which pickles, for a worker process).
    """
    if isinstance(vocabulary, dict):  # its to_json() form (a Vocabulary does not pickle)
        vocabulary = Vocabulary(vocabulary["predicates"], vocabulary["functions"])
    labels = list(labels) if labels is not None else list(range(1, len(premises) + 1))
    if len(labels) != len(premises):
        raise ValueError("one label per premise")
    premises = [ast.strip_spans(p) for p in premises]
    goal = ast.strip_spans(goal) if goal is not None else None
    if isinstance(goal, ast.Falsum):
        goal = None
    try:
        return _write(premises, goal, vocabulary, labels, deadline, named_rules_only)
    except _Expired:
        return None
    except RecursionError:
        log.warning("derivation writer: statements too deep")
        return None
    except Exception:  # a bug here must not cost the verdict: it is shown without a derivation
        log.exception("derivation writer failed")
        return None


class _Expired(Exception):
    pass


# The share of the time left that writing may use; the rest is for checking what was written.
WRITING_SHARE = 0.8


def _write(premises, goal, vocabulary, labels, deadline, named_only) -> WrittenDerivation | None:
    everything = [*premises, *([goal] if goal is not None else [])]
    writing = None
    if deadline is not None:
        writing = time.monotonic() + WRITING_SHARE * max(0.0, deadline - time.monotonic())
    if all(is_propositional(f) for f in everything):
        rendered = write_propositional(premises, goal, labels, writing)
        if rendered is None:
            return None
        text = rendered.text
        method = Written.PROPOSITIONAL
    else:
        from referee.derivation.firstorder import write_first_order

        root = write_first_order(premises, goal, labels, writing, named_only)
        if root is None:
            if named_only:
                return None
            return _finite_search(premises, goal, labels, deadline)
        rendered = render(root, readable_names(root, vocabulary))
        text = rendered.text
        method = Written.FIRST_ORDER
    result = _self_check(premises, goal, labels, vocabulary, text, deadline)
    if result is None:
        return None
    cited = sum(1 for v in result.lines if v.rule is None and v.method is CheckedBy.ENGINE)
    return WrittenDerivation(text, rendered.lines, tuple(result.rests_on), cited, method)


# ----------------------------------------------------------------- names


NAME_POOL = tuple("abcdeghkmnpqr") + tuple(f"{c}{i}" for i in range(1, 10) for c in "abcde")


def readable_names(root: Box, vocabulary: Vocabulary) -> dict[str, str]:
    """Internal fresh names (%w1, %d) → a, b, c … in order of appearance, clear of the
    deck's symbols and of every variable the derivation writes."""
    order: list[str] = []
    taken: set[str] = set(vocabulary.predicates) | set(vocabulary.functions)

    def walk(box: Box) -> None:
        for name in box.fresh:
            if name not in order:
                order.append(name)
        for item in box.items:
            if isinstance(item, Box):
                walk(item)
            elif isinstance(item, Step) and item.formula is not None:
                for sub in ast.subformulas(item.formula):
                    if isinstance(sub, ast.Quant):
                        taken.add(sub.var)
                    for t in ast.atom_terms(sub):
                        for s in ast.subterms(t):
                            if isinstance(s, ast.App) and is_internal(s.name):
                                if s.name not in order:
                                    order.append(s.name)
                            else:
                                taken.add(s.name)

    walk(root)
    pool = [n for n in NAME_POOL if n not in taken]
    if len(pool) < len(order):  # pragma: no cover - dozens of witnesses
        raise _Expired
    return dict(zip(order, pool, strict=False))


# --------------------------------------------------------------- fallback


def _finite_search(premises, goal, labels, deadline) -> WrittenDerivation | None:
    """One cited step, when a finite search is what settles the question: every model
    is small (|L| < n on the board, a decidable fragment's size bound, or a bound Z3
    proves) and there is none of those sizes. Settled here by the engine's own search
    and rule (``SizeBounds.exhausted``), which the local one-call Z3 check cannot
    redo; the checker's engine (``referee derive``) redoes it."""
    from referee.logic.finder import find_model
    from referee.logic.fragments import size_bounds
    from referee.logic.normalform import expand_unique, nnf, signature
    from referee.logic.tasks import SearchStatus

    prem_nnf = [nnf(expand_unique(p)) for p in premises]
    negated = None if goal is None else nnf(expand_unique(ast.Not(goal)))
    bounds = size_bounds(prem_nnf, negated)
    preds, funcs = signature([*premises, *([goal] if goal is not None else [])])
    until = time.monotonic() + 2.0 if deadline is None else deadline
    found = find_model(
        prem_nnf,
        negated,
        preds,
        funcs,
        until,
        max_size=bounds.complete_up_to,
        min_size=bounds.lower,
    )
    if found.status != SearchStatus.EXHAUSTED:
        return None
    settled = bounds.exhausted(found.size, found.core, found.proved_bound, found.bound)
    if settled is None:
        return None
    cited = sorted({labels[i] for i in settled[1]})
    target = BOTTOM if goal is None else goal
    refs = ", ".join(f"board {n}" for n in cited)
    text = f"1. {to_unicode(target)}   by {refs or 'logic'}\n"
    return WrittenDerivation(text, 1, tuple(cited), 1, Written.FINITE_SEARCH)


# -------------------------------------------------------------- checking


def _self_check(premises, goal, labels, vocabulary, text, deadline):
    """The checker's verdict on ``text`` (cited steps confirmed by Z3 here), or None:
    the same check the commands run again with the engine before showing it."""
    from referee.derivation.checker import check_written

    board = {n: ast.Statement(f) for f, n in zip(premises, labels, strict=True)}
    return check_written(board, text, goal, vocabulary, _LocalEngine(deadline), None)


@dataclass(frozen=True)
class _Limits:
    timeout: float


@dataclass(frozen=True)
class _Verdict:
    status: str
    used: tuple[int, ...] = ()
    method: str = ""
    seconds: float = 0.0
    model: None = None


class _LocalEngine:
    """Confirms the writer's own cited steps with one Z3 call in this process."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.limits = _Limits(2.0)

    def warm(self) -> None:
        pass

    def entailment(self, premises, goals, *, timeout: float | None = None) -> _Verdict:
        import z3

        from referee.logic.normalform import signature
        from referee.logic.to_z3 import Translator

        start = time.monotonic()
        left = 2.0 if self.deadline is None else self.deadline - start
        if left <= 0:
            raise _Expired
        preds, funcs = signature([*premises, *goals])
        ctx = z3.Context()
        tr = Translator(preds, funcs, ctx)
        solver = z3.Solver(ctx=ctx)
        solver.set("timeout", max(1, int(min(left, 2.0) * 1000)))
        marks = []
        for i, p in enumerate(premises):
            mark = z3.Bool(f"premise{i}", ctx)
            solver.add(z3.Implies(mark, tr.formula(p)))
            marks.append(mark)
        goal = goals[0]
        if not isinstance(goal, ast.Falsum):
            solver.add(z3.Not(tr.formula(goal)))
        answer = solver.check(*marks)
        seconds = time.monotonic() - start
        if answer == z3.unsat:
            core = {str(c) for c in solver.unsat_core()}
            used = tuple(i for i, m in enumerate(marks) if str(m) in core)
            return _Verdict("entailed", used, "Z3 (writer's own check)", seconds)
        return _Verdict("undetermined", (), "Z3 (writer's own check)", seconds)


def write_in_worker(
    engine,
    premises: Sequence[Formula],
    goal: Formula | None,
    vocabulary: Vocabulary,
    *,
    labels: Sequence[int] | None = None,
    timeout: float,
    named_rules_only: bool = False,
) -> WrittenDerivation | None:
    """:func:`write_derivation` in one of ``engine``'s workers, under its hard limit.

    The first-order writer asks Z3 for instances, so it runs where a solver
    that ignores its own time limit can be killed (``Engine.call``).
    """
    written = engine.call(
        write_derivation,
        tuple(premises),
        goal,
        vocabulary.to_json(),
        labels=tuple(labels) if labels is not None else None,
        named_rules_only=named_rules_only,
        timeout=timeout,
    )
    return written if isinstance(written, WrittenDerivation) else None
