"""How a well-formed premise reads as a formula, with Ergo's order of operations.

The rule sheet: "The THEN card has the strongest cohesive connection, followed
by OR and then AND", and NOT "applies only to the variable immediately
following" (or to the parenthesis it stands before). So, tightest first:
NOT, THEN, OR, AND — ``A AND B OR C`` is ``A ∧ (B ∨ C)``, unlike textbook
logic, which is why every reading is shown fully parenthesised
(:func:`full_text`).

What the sheets leave open is how a chain of one operator groups: ``A THEN B
THEN C`` (house rule ``then_chain``: right, as textbooks read →, left, or
refuse it without parentheses) and chains of AND or OR, which mean the same
either way but are shown grouped one way (house rule ``chain_grouping``).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from referee.ergo.cards import VARIABLES, Face
from referee.ergo.syntax import Rule, SyntaxViolation, Violation, first_violation
from referee.language.ast import And, Falsum, Formula, Implies, Not, Or, Pred


class ThenChain(enum.StrEnum):
    RIGHT = "right"  # A → (B → C)
    LEFT = "left"  # (A → B) → C
    REFUSE = "refuse"  # parentheses required


class Grouping(enum.StrEnum):
    LEFT = "left"  # (A ∧ B) ∧ C
    RIGHT = "right"  # A ∧ (B ∧ C)


@dataclass(frozen=True)
class ReadingRules:
    then_chain: ThenChain = ThenChain.RIGHT
    chain_grouping: Grouping = Grouping.LEFT


DEFAULT_READING = ReadingRules()

# Loosest first: a premise is an AND of ORs of THENs of (negated) operands.
LEVELS = (Face.AND, Face.OR, Face.THEN)
BUILD = {Face.AND: And, Face.OR: Or, Face.THEN: Implies}


def read_premise(faces: Sequence[Face], rules: ReadingRules = DEFAULT_READING) -> Formula:
    """The formula a premise says; SyntaxViolation if it breaks a card rule."""
    found = first_violation(faces)
    if found is not None:
        raise SyntaxViolation(found, faces)
    parser = _Parser(tuple(faces), rules)
    formula = parser.level(0)
    assert parser.pos == len(faces)  # the card rules guarantee a complete parse
    return formula


class _Parser:
    def __init__(self, faces: tuple[Face, ...], rules: ReadingRules) -> None:
        self.faces = faces
        self.rules = rules
        self.pos = 0

    def peek(self) -> Face | None:
        return self.faces[self.pos] if self.pos < len(self.faces) else None

    def level(self, k: int) -> Formula:
        if k == len(LEVELS):
            return self.unary()
        op = LEVELS[k]
        parts = [self.level(k + 1)]
        while self.peek() == op:
            if op == Face.THEN and len(parts) == 2 and self.rules.then_chain == ThenChain.REFUSE:
                raise SyntaxViolation(Violation(Rule.THEN_CHAIN, self.pos), self.faces)
            self.pos += 1
            parts.append(self.level(k + 1))
        build = BUILD[op]
        right = (
            self.rules.then_chain == ThenChain.RIGHT
            if op == Face.THEN
            else self.rules.chain_grouping == Grouping.RIGHT
        )
        if right:
            formula = parts[-1]
            for part in reversed(parts[:-1]):
                formula = build(part, formula)
            return formula
        formula = parts[0]
        for part in parts[1:]:
            formula = build(formula, part)
        return formula

    def unary(self) -> Formula:
        face = self.peek()
        self.pos += 1
        if face == Face.NOT:
            return Not(self.unary())
        if face == Face.OPEN:
            inner = self.level(0)
            self.pos += 1  # the closing parenthesis
            return inner
        assert face in VARIABLES
        return Pred(face.value)


SIGNS = {And: "∧", Or: "∨", Implies: "→"}


def full_text(formula: Formula) -> str:
    """Every connective's scope shown by parentheses: ``(A ∧ (B ∨ C))``, ``¬(¬C)``.

    The text is itself a well-formed premise in card words, and reads back as
    the same formula under any order of operations.
    """
    if isinstance(formula, Pred):
        return formula.name
    if isinstance(formula, Falsum):
        return "⊥"
    if isinstance(formula, Not):
        body = full_text(formula.body)
        return f"¬({body})" if isinstance(formula.body, Not) else f"¬{body}"
    sign = SIGNS[type(formula)]
    return f"({full_text(formula.left)} {sign} {full_text(formula.right)})"
