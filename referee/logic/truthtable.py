"""Truth tables: exact verdicts for propositional questions, with assignments as evidence.

Ergo's premises speak of four letters, so every question about them is
settled exactly by walking the 16 rows of a truth table: no solver, no time
limit that could leave a question open. Formulas are the project's AST with
propositions as :class:`~referee.language.ast.Pred` of no arguments.

* "entailed" / "inconsistent": every row was checked (``rows`` says how many)
  and none satisfies the premises with the goal false / none satisfies them;
* "not entailed" / "consistent": an :class:`Assignment` that is re-checked by
  the independent evaluator (:mod:`referee.logic.evaluate`, a one-element
  model) before it is returned; a row it rejects would be a bug and raises.

Rows are walked in a fixed order (the first letter slowest, true before
false), so the evidence is the same on every run.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from referee.language import ast
from referee.language.ast import Formula
from referee.logic.engine import Status
from referee.logic.evaluate import evaluate
from referee.logic.model import Model

# 2**16 rows: far beyond any card game, small enough to answer at once.
MAX_LETTERS = 16


class NotPropositional(ValueError):
    """The formula has quantifiers, terms or equations: not a truth-table question."""


@dataclass(frozen=True)
class Assignment:
    """A row of the truth table: a truth value for each letter, in letter order."""

    values: tuple[tuple[str, bool], ...]

    def __getitem__(self, letter: str) -> bool:
        for name, value in self.values:
            if name == letter:
                return value
        raise KeyError(letter)

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.values)

    def as_dict(self) -> dict[str, bool]:
        return dict(self.values)

    def model(self) -> Model:
        """The same row as a one-element structure, for the independent evaluator."""
        return Model(1, {}, {n: frozenset({()}) if v else frozenset() for n, v in self.values})

    def to_json(self) -> dict[str, bool]:
        return self.as_dict()

    @classmethod
    def from_json(cls, data: Mapping[str, bool]) -> Assignment:
        if not isinstance(data, Mapping):
            raise ValueError("an assignment is an object of letter: true/false")
        for name, value in data.items():
            if not isinstance(name, str) or not isinstance(value, bool):
                raise ValueError(f"{name!r}: {value!r} is not a letter and a truth value")
        return cls(tuple(data.items()))


@dataclass(frozen=True)
class TableVerdict:
    """A truth table's answer: ``witness`` is the row behind a negative answer."""

    status: Status
    witness: Assignment | None = None
    rows: int = 0  # rows of the table walked
    satisfying: int = 0  # of those, rows where the premises hold


def letters(formulas: Sequence[Formula]) -> tuple[str, ...]:
    """The propositions the formulas mention, sorted; NotPropositional if not all are."""
    found: set[str] = set()
    for f in formulas:
        for sub in ast.subformulas(f):
            if isinstance(sub, ast.Pred):
                if sub.args:
                    raise NotPropositional(f"{sub.name} takes arguments")
                found.add(sub.name)
            elif not isinstance(sub, (ast.Not, ast.And, ast.Or, ast.Implies, ast.Iff, ast.Falsum)):
                raise NotPropositional(f"{type(sub).__name__} is not propositional")
    return tuple(sorted(found))


def rows(names: Sequence[str]) -> Iterator[Assignment]:
    """Every assignment to ``names``, true before false, the first name slowest."""
    if len(names) > MAX_LETTERS:
        raise ValueError(f"{len(names)} letters: truth tables stop at {MAX_LETTERS}")
    for values in itertools.product((True, False), repeat=len(names)):
        yield Assignment(tuple(zip(names, values, strict=True)))


def value(formula: Formula, row: Assignment) -> bool:
    """The truth value of ``formula`` in ``row`` (every letter must have a value)."""
    if isinstance(formula, ast.Pred):
        return row[formula.name]
    if isinstance(formula, ast.Not):
        return not value(formula.body, row)
    if isinstance(formula, ast.And):
        return value(formula.left, row) and value(formula.right, row)
    if isinstance(formula, ast.Or):
        return value(formula.left, row) or value(formula.right, row)
    if isinstance(formula, ast.Implies):
        return (not value(formula.left, row)) or value(formula.right, row)
    if isinstance(formula, ast.Iff):
        return value(formula.left, row) == value(formula.right, row)
    if isinstance(formula, ast.Falsum):
        return False
    raise NotPropositional(f"{type(formula).__name__} is not propositional")


def row_mask(formula: Formula, names: Sequence[str]) -> int:
    """The rows of :func:`rows` over ``names`` in which ``formula`` is true, as bits (bit
    k: the k-th row): the whole column of the truth table at once, one pass over the
    formula with every row a bit, for a caller that asks very often (a computer player)."""
    width = len(names)
    if width > MAX_LETTERS:
        raise ValueError(f"{width} letters: truth tables stop at {MAX_LETTERS}")
    every = (1 << (1 << width)) - 1
    columns = _columns(tuple(names))

    def walk(f: Formula) -> int:
        if isinstance(f, ast.Pred):
            if f.args:
                raise NotPropositional(f"{f.name} takes arguments")
            return columns[f.name]
        if isinstance(f, ast.Not):
            return every & ~walk(f.body)
        if isinstance(f, ast.And):
            return walk(f.left) & walk(f.right)
        if isinstance(f, ast.Or):
            return walk(f.left) | walk(f.right)
        if isinstance(f, ast.Implies):
            return every & (~walk(f.left) | walk(f.right))
        if isinstance(f, ast.Iff):
            return every & ~(walk(f.left) ^ walk(f.right))
        if isinstance(f, ast.Falsum):
            return 0
        raise NotPropositional(f"{type(f).__name__} is not propositional")

    return walk(formula)


@functools.lru_cache(maxsize=64)
def _columns(names: tuple[str, ...]) -> dict[str, int]:
    """Each letter's own column of the rows over ``names``, as bits."""
    width = len(names)
    return {
        name: sum(1 << k for k in range(1 << width) if not (k >> (width - 1 - i)) & 1)
        for i, name in enumerate(names)
    }


def confirmed(formulas: Sequence[Formula], row: Assignment) -> bool:
    """Whether the independent evaluator agrees that ``row`` makes every formula true."""
    model = row.model()
    return all(evaluate(f, model) for f in formulas)


def _vouched(formulas: Sequence[Formula], row: Assignment) -> Assignment:
    if not confirmed(formulas, row):  # pragma: no cover - two evaluators disagreeing is a bug
        raise AssertionError(f"the evaluator rejects the row {row.as_dict()}")
    return row


def satisfying(
    formulas: Sequence[Formula], names: Sequence[str] | None = None
) -> tuple[Assignment, ...]:
    """Every row over ``names`` (default: the formulas' letters) making all formulas true."""
    names = tuple(names) if names is not None else letters(formulas)
    missing = set(letters(formulas)) - set(names)
    if missing:
        raise ValueError(f"no value for {', '.join(sorted(missing))}")
    return tuple(r for r in rows(names) if all(value(f, r) for f in formulas))


def entails(
    premises: Sequence[Formula], goal: Formula, names: Sequence[str] | None = None
) -> TableVerdict:
    """Whether every row satisfying ``premises`` satisfies ``goal``; a counter-row if not."""
    names = tuple(names) if names is not None else letters([*premises, goal])
    total = 0
    models = 0
    for row in rows(names):
        total += 1
        if all(value(p, row) for p in premises):
            models += 1
            if not value(goal, row):
                witness = _vouched([*premises, ast.Not(goal)], row)
                return TableVerdict(Status.NOT_ENTAILED, witness, total, models)
    return TableVerdict(Status.ENTAILED, None, total, models)


def consistency(formulas: Sequence[Formula], names: Sequence[str] | None = None) -> TableVerdict:
    """Whether some row satisfies every formula; that row if so."""
    names = tuple(names) if names is not None else letters(formulas)
    total = 0
    for row in rows(names):
        total += 1
        if all(value(f, row) for f in formulas):
            return TableVerdict(Status.CONSISTENT, _vouched(formulas, row), total, 1)
    return TableVerdict(Status.INCONSISTENT, None, total, 0)


def minimal_inconsistent(formulas: Sequence[Formula]) -> tuple[int, ...] | None:
    """The 0-based indices of a smallest inconsistent subset (fewest formulas, then the
    earliest), or None when the formulas are consistent. Exact: subsets are tried by size."""
    names = letters(formulas)
    indices = range(len(formulas))
    for size in range(1, len(formulas) + 1):
        for subset in itertools.combinations(indices, size):
            chosen = [formulas[i] for i in subset]
            if consistency(chosen, names).status == Status.INCONSISTENT:
                return subset
    return None
