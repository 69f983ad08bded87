"""What the premises prove, decided exactly and explained in the rule sheet's own rules.

:func:`decide` is the verdict: a variable is *proven* when the premises
entail it and *disproven* when they entail its negation, settled by truth
tables over A-D (:mod:`referee.logic.truthtable`, exact and instant). A
*paradox* is a variable both proven and disproven, which happens exactly
when the premises are inconsistent — and then, since anything follows from a
contradiction, every variable is both. Scoring needs nothing more.

:func:`explain` adds the evidence players read:

* each proven or disproven variable: a derivation in the named rules (modus
  ponens, modus tollens, disjunctive syllogism, De Morgan, double negation,
  …) written by :mod:`referee.derivation.writer` and checked again by the
  derivation checker here before it is kept; if none is written in time, the
  truth table itself (every row where the premises hold);
* each undecided variable: two rows of A-D that satisfy every premise, one
  making it true and one false (re-checked by the independent evaluator);
* a paradox: a smallest set of premises that clash, with a derivation of ⊥
  from them.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Sequence
from dataclasses import dataclass

from referee.ergo.cards import VARIABLES
from referee.ergo.reading import full_text
from referee.language.ast import Formula, Not, Pred, Statement
from referee.language.shapes import Plain
from referee.language.vocabulary import Vocabulary
from referee.logic.truthtable import Assignment, entails, minimal_inconsistent, satisfying
from referee.logic.verdict import Status

NAMES = tuple(v.value for v in VARIABLES)
VOCABULARY = Vocabulary.build({name: 0 for name in NAMES})
# Seconds the derivation writer may take per variable (the verdict never waits on it).
WRITE_SECONDS = 3.0


class Standing(enum.StrEnum):
    PROVEN = "proven"
    DISPROVEN = "disproven"
    UNDECIDED = "undecided"
    BOTH = "both"  # proven and disproven: the premises are a paradox


@dataclass(frozen=True)
class Decision(Plain):
    """The verdict on a Proof: who is proven, who disproven, and whether it is a paradox."""

    cards: int
    paradox: bool
    proven: tuple[str, ...]
    disproven: tuple[str, ...]
    clash: tuple[int, ...] = ()  # premise numbers (from 1) of a smallest clashing set

    def standing(self, variable: str) -> Standing:
        up, down = variable in self.proven, variable in self.disproven
        if up and down:
            return Standing.BOTH
        return Standing.PROVEN if up else Standing.DISPROVEN if down else Standing.UNDECIDED

    def points(self) -> dict[str, int]:
        """What each variable's player scores if the round ends now (none in a paradox)."""
        return {n: 0 if self.paradox or n not in self.proven else self.cards for n in NAMES}


def decide(premises: Sequence[Formula], cards: int) -> Decision:
    """The exact verdict on ``premises`` (formulas over A-D) holding ``cards`` cards."""
    proven = tuple(n for n in NAMES if _follows(premises, Pred(n)))
    disproven = tuple(n for n in NAMES if _follows(premises, Not(Pred(n))))
    paradox = bool(set(proven) & set(disproven))
    clash: tuple[int, ...] = ()
    if paradox:
        found = minimal_inconsistent(list(premises))
        assert found is not None  # a variable both ways means no row satisfies them
        clash = tuple(i + 1 for i in found)
    return Decision(cards, paradox, proven, disproven, clash)


def _follows(premises: Sequence[Formula], goal: Formula) -> bool:
    return entails(premises, goal, NAMES).status == Status.ENTAILED


# ------------------------------------------------------------------ evidence


@dataclass(frozen=True)
class Step(Plain):
    """A line of a checked derivation, as the checker read it."""

    line: int
    statement: str
    rule: str = ""  # the checker's rule key (mp, ds, dem, …); "" for a premise or assumption
    cites: tuple[str, ...] = ()  # "board 2" is premise 2; "3" line 3; "3-5" a subproof
    depth: int = 0
    assumption: bool = False


@dataclass(frozen=True)
class Derivation(Plain):
    text: str  # in the derivation file format (``by board 1``), as the checker reads it
    rests_on: tuple[int, ...]  # the premises it uses
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Evidence(Plain):
    """Why a variable stands as it does."""

    variable: str
    standing: Standing
    derivation: Derivation | None = None
    true_row: Assignment | None = None  # undecided: a row satisfying the premises, variable true
    false_row: Assignment | None = None  # … and one with it false
    rows: int = 0  # proven/disproven without a derivation: rows where the premises hold


@dataclass(frozen=True)
class Ruling(Plain):
    """A decision with its evidence: what a round's end shows and the record keeps."""

    decision: Decision
    evidence: tuple[Evidence, ...]
    clash: Derivation | None = None  # a paradox: ⊥ derived from the clashing premises


def explain(premises: Sequence[Formula], decision: Decision, seconds: float = WRITE_SECONDS):
    """The decision with evidence for every variable (see the module's docstring)."""
    rows = satisfying(list(premises), NAMES)
    evidence = []
    clash = None
    if decision.paradox:
        chosen = [premises[i - 1] for i in decision.clash]
        clash = write_checked(chosen, None, decision.clash, seconds)
        evidence = [Evidence(n, Standing.BOTH) for n in NAMES]
        return Ruling(decision, tuple(evidence), clash)
    numbers = tuple(range(1, len(premises) + 1))
    for name in NAMES:
        standing = decision.standing(name)
        if standing == Standing.UNDECIDED:
            true_row = next(r for r in rows if r[name])
            false_row = next(r for r in rows if not r[name])
            evidence.append(Evidence(name, standing, true_row=true_row, false_row=false_row))
            continue
        goal = Pred(name) if standing == Standing.PROVEN else Not(Pred(name))
        derivation = write_checked(list(premises), goal, numbers, seconds)
        evidence.append(Evidence(name, standing, derivation, rows=len(rows)))
    return Ruling(decision, tuple(evidence), clash)


def write_checked(
    premises: Sequence[Formula], goal: Formula | None, labels: Sequence[int], seconds: float
) -> Derivation | None:
    """A derivation of ``goal`` (⊥ if None) in the named rules, checked here, or None."""
    from referee.derivation.writer import write_derivation

    written = write_derivation(
        list(premises),
        goal,
        VOCABULARY,
        labels=list(labels),
        deadline=time.monotonic() + seconds,
        named_rules_only=True,
    )
    if written is None:
        return None
    return check_written(written.text, premises, goal, labels)


def check_written(
    text: str, premises: Sequence[Formula], goal: Formula | None, labels: Sequence[int]
) -> Derivation | None:
    """``text`` as a checked :class:`Derivation` of ``goal`` from ``premises`` (cited as
    ``board <label>``), or None if the checker does not accept every line of it."""
    from referee.derivation.checker import LineStatus, check_derivation
    from referee.derivation.rules import same
    from referee.derivation.syntax import RULES, DerivationError, parse_derivation
    from referee.language.ast import Falsum

    board = [Statement(Falsum())] * max(labels, default=0)
    for formula, label in zip(premises, labels, strict=True):
        board[label - 1] = Statement(formula)
    try:
        result = check_derivation(board, text, VOCABULARY)
    except DerivationError:
        return None
    target = Falsum() if goal is None else goal
    if not result.ok or not same(result.conclusion, target):
        return None
    if not set(result.rests_on) <= set(labels):
        return None
    keys = {display: key for key, (display, _) in RULES.items()}
    formulas = {
        line.label: line.formula
        for line in parse_derivation(text, VOCABULARY, len(board)).lines
        if line.formula is not None
    }
    steps = tuple(
        Step(
            v.label,
            statement(formulas[v.label]) if v.label in formulas else v.statement,
            keys.get(v.rule or "", ""),
            v.cites,
            v.depth + (v.status is LineStatus.ASSUMPTION),
            v.status is LineStatus.ASSUMPTION,
        )
        for v in result.lines
    )
    return Derivation(text, tuple(result.rests_on), steps)


def statement(formula: Formula) -> str:
    """A derivation line as players read it: every inner scope in parentheses, since the
    textbook's fewest parentheses (``¬B ∨ C ∧ ¬C``) would read otherwise in Ergo."""
    text = full_text(formula)
    if text.startswith("(") and text.endswith(")") and not isinstance(formula, Not):
        return text[1:-1]
    return text
