"""The last ruling as data: what the pictures of a ruling are drawn from, on every screen.

Each game makes its :class:`Ruling` (or a subclass with its own fields) from its state
and the evidence its record keeps, in its package's ``rulings`` module
(``ruling(game, seat)``: what that seat may see of it; None: no ruling yet), found by the
registration's convention. :func:`ruling_json` turns it into JSON once, here, and
:meth:`referee.table.registry.GameRegistration.view` adds it to every view as
``ruling``. Nothing here is recomputed with an answer of its own: a derivation is the
lines the checker accepted, a countermodel the model the evaluator re-checked; the helpers
below only read them (which statements hold in a model, a model's first elements, where
a statement fails), with the referee's own evaluators.
"""

from __future__ import annotations

import enum
import itertools
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from referee.derivation.syntax import DerivationError, parse_derivation, rule_name
from referee.language import ast
from referee.language.printer import to_unicode
from referee.language.shapes import encode
from referee.language.vocabulary import Vocabulary
from referee.logic.evaluate import EvaluationError, evaluate
from referee.logic.infinite_model import Domain, InfiniteModel
from referee.logic.model import Model
from referee.logic.witness import explain

# A rule as a derivation line writes it, before its citations: "∀E" of "∀E 1, board 2".
_RULE_WRITTEN = re.compile(r"^(.*?)\s*(?:(?:board\s*)?[0-9].*)?$", re.IGNORECASE | re.DOTALL)
# How many of an infinite model's elements a picture shows (ℕ: 0 … 4; ℤ: -2 … 2).
FIRST = {Domain.NATURALS: range(0, 5), Domain.INTEGERS: range(-2, 3)}
# Seconds the truth of the statements in an infinite model may take, all together
# (Cooper's procedure); a statement not decided in time is shown as not known.
INFINITE_SECONDS = 1.0


class Kind(enum.StrEnum):
    """What was ruled on."""

    CLAIM = "claim"  # a claim settled by the referee (Palmer's game)
    VOTE = "vote"  # a claim the referee could not decide, settled by the table's vote
    ROUND = "round"  # a round's Proof scored (Ergo)
    JUDGEMENT = "judgement"  # a revealed card judged against its holder's Self card (Cogito)
    COGITO = "cogito"  # "I am …!" declared and judged (Cogito)


class Outcome(enum.StrEnum):
    UPHELD = "upheld"
    REJECTED = "rejected"
    UNDETERMINED = "undetermined"  # neither a proof nor a model: the table votes


@dataclass(frozen=True)
class Line:
    """A line of a derivation the checker accepted: its number, how deep in subproofs
    (Fitch bars), its formula, the rule, the earlier lines it cites and the board
    statement (or premise) it cites, if any."""

    n: int
    depth: int
    formula: str
    rule: str
    cites: tuple[int, ...] = ()
    board: int | None = None
    assumption: bool = False  # it opens a subproof (drawn under a bar)
    fresh: tuple[str, ...] = ()  # the fresh names it introduces (``assume [a]``)
    said: str = ""  # its justification as the derivation writes it ("∃E 2, 3-6")

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "depth": self.depth,
            "formula": self.formula,
            "rule": self.rule,
            "from": list(self.cites),
            "board": self.board,
            "assumption": self.assumption,
            "fresh": list(self.fresh),
            "said": self.said,
        }


@dataclass(frozen=True)
class Stood:
    """A statement as it stood when ruled on: whether it was claimed, whether the ruling
    rests on it (a proof used it; it is in the clash), and whether it holds in the
    ruling's model (None: there is no model, or its truth there was not decided)."""

    id: int
    statement: str
    claimed: bool = False
    used: bool = False
    holds: bool | None = None


@dataclass(frozen=True)
class Failure:
    """Where a claimed statement fails in the countermodel: the values of its outer
    variables and the facts that decide it (the terminal's "take x = e0; blonde(e0) is
    true, happy(e0) is false")."""

    statement: int  # the board statement (its id)
    values: tuple[tuple[str, str | int], ...]  # variable -> element (e0, …) or number
    facts: tuple[tuple[str, bool], ...] = ()  # ground atoms and their values
    nothing: tuple[str, ...] = ()  # ∃ statements no object makes true
    everything: tuple[str, ...] = ()  # ∀ statements every object makes true

    def to_json(self) -> dict:
        return {
            "statement": self.statement,
            "values": dict(self.values),
            "facts": [{"atom": atom, "value": value} for atom, value in self.facts],
            "nothing": list(self.nothing),
            "everything": list(self.everything),
        }


@dataclass(frozen=True)
class Countermodel:
    """A model the evaluator re-checked: a finite one exactly as ``referee entails --json``
    gives it; an infinite one as its definitions (the same JSON), the lines the terminal's
    ``model`` prints, and its first elements with each symbol's values there."""

    model: Model | InfiniteModel

    def to_json(self) -> dict:
        if isinstance(self.model, Model):
            return self.model.to_json()
        return {
            **self.model.to_json(),
            "lines": self.model.lines(),
            "first": first_elements(self.model),
        }


@dataclass(frozen=True, kw_only=True)
class Ruling:
    """The last ruling: the fields every game's ruling has (see the README's web-table
    contract); a game adds its own in a subclass."""

    event: int  # the event that made it (from 1)
    kind: Kind
    player: str | None = None
    claim: enum.Enum | None = None  # what was claimed (Palmer: redundant, inconsistent)
    targets: tuple[int, ...] = ()
    outcome: Outcome | None = None
    prover: str | None = None  # who decided it, as players name it ("E prover", "cvc5")
    used: tuple[int, ...] = ()  # what a proof used, or the clashing set
    derivation: tuple[Line, ...] | None = None  # only as the checker accepted it
    countermodel: Countermodel | None = None
    fails: Failure | None = None
    board: tuple[Stood, ...] = ()  # the statements as they stood when ruled on


def ruling_json(ruling: Ruling | None) -> dict | None:
    """The JSON of ``ruling`` (None: no ruling yet), made here once for every game."""
    return None if ruling is None else encode(ruling)


# ------------------------------------------------------------------ reading the evidence


def derivation_lines(
    text: str, vocabulary: Vocabulary, board_count: int
) -> tuple[Line, ...] | None:
    """A derivation's text (one the checker accepted) as numbered lines; None if it does
    not even read (then no picture is drawn of it)."""
    try:
        d = parse_derivation(text, vocabulary, board_count)
    except (DerivationError, ValueError):
        return None
    lines = []
    for line in d.lines:
        j = line.justification
        cites: list[int] = []
        boards = [r.start for r in j.refs if r.kind == "board"]
        for r in j.refs:
            if r.kind == "line":
                cites.append(r.start)
            elif r.kind == "range":
                cites.extend(range(r.start, r.end + 1))
        if j.kind == "assumption":
            rule = "assumption"
        elif j.kind == "rule":  # as the derivation writes it ("∀E", "MP"), else its name
            rule = _RULE_WRITTEN.match(j.text).group(1) or rule_name(j.rule or "")  # type: ignore[union-attr]
        else:
            rule = "board" if boards and not cites else "logic"
        formula = line.formula_text if line.formula is not None else ""
        lines.append(
            Line(
                line.label,
                len(d.ancestors(line.subproof)),
                formula,
                rule,
                tuple(cites),
                boards[0] if boards else None,
                j.kind == "assumption",
                line.constants,
                "" if j.kind == "assumption" else j.text,
            )
        )
    return tuple(lines)


def cited(cites: Sequence[str]) -> tuple[tuple[int, ...], int | None]:
    """Citations as a checker's line keeps them (``"3"``, ``"3-5"``, ``"board 2"``): the
    earlier lines, and the first board statement (or premise) cited."""
    lines: list[int] = []
    board = None
    for c in cites:
        c = c.strip()
        if c.startswith("board"):
            board = board if board is not None else int(c.split()[-1])
        elif "-" in c:
            a, b = c.split("-", 1)
            lines.extend(range(int(a), int(b) + 1))
        elif c.isdigit():
            lines.append(int(c))
    return tuple(lines), board


def holds(formula: ast.Formula, model: Model | InfiniteModel, deadline: float) -> bool | None:
    """Whether ``formula`` holds in ``model``, by the referee's own evaluators (None: not
    decided before ``deadline``, a ``time.monotonic()`` instant, or not interpretable)."""
    if isinstance(model, Model):
        try:
            return evaluate(formula, model)
        except EvaluationError:
            return None
    from referee.logic.infinite_check import InfiniteCheckError, PresburgerTimeout, truth

    if time.monotonic() >= deadline:
        return None
    try:
        return truth(formula, model, deadline=deadline)
    except (InfiniteCheckError, PresburgerTimeout, RecursionError):
        return None


def infinite_deadline() -> float:
    return time.monotonic() + INFINITE_SECONDS


def failure(statement: int, formula: ast.Formula, model: Model) -> Failure | None:
    """Where ``formula`` (false in ``model``) fails: its outer variables' elements and the
    facts that settle it (``referee.logic.witness``, the terminal's own reading)."""
    try:
        ex = explain(formula, model)
    except EvaluationError:
        return None
    if ex.value:
        return None
    return Failure(
        statement,
        tuple((var, Model.element_name(e)) for var, e in ex.bindings),
        tuple((to_unicode(atom), value) for atom, value in ex.facts),
        tuple(to_unicode(f) for f in ex.nothing),
        tuple(to_unicode(f) for f in ex.everything),
    )


def first_elements(model: InfiniteModel) -> dict:
    """An infinite model on its first elements: each function's values and each
    predicate's rows there (a function's value may lie beyond them)."""
    elements = list(FIRST[model.domain])
    functions: dict[str, list] = {}
    predicates: dict[str, list] = {}
    for d in model.definitions:
        if d.arity > 2:  # a ternary symbol's table is not a picture
            continue
        rows = itertools.product(elements, repeat=d.arity)
        if d.kind == "function":
            functions[d.name] = [[*args, d.at(*args)] for args in rows]
        else:
            predicates[d.name] = [list(args) for args in rows if d.at(*args)]
    return {"elements": elements, "functions": functions, "predicates": predicates}
