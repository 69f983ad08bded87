"""The card rules: when is a row of cards a well-formed premise, and which rule does it break?

The rule sheet's syntax rules, and the ones they imply, each with its own
:class:`Rule` so a refusal can name it:

* a variable is never next to a variable, an operator (AND, OR, THEN) never
  next to an operator;
* an operator connects two operands (and so two operands side by side need an
  operator between them);
* parentheses are played as a pair, never left unpaired, and enclose a formula;
* NOT stands only before a variable or an opening parenthesis, and two NOTs in
  a row only with parentheses (``NOT ( NOT A )``, never ``NOT NOT A``);
* at most four premises.

A premise is scanned left to right and the first card that breaks a rule is
reported (:class:`Violation`: the rule and the cards at fault, from 0), so a
player sees the earliest place to fix.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from referee.ergo.cards import OPERATORS, VARIABLES, Face

MAX_PREMISES = 4
# Cards in one premise: the referee's limit, not the rule sheet's (the printed
# decks have 55 cards in all). It keeps every step after the reading (the
# ruling, its derivations, the drawing of the Proof) within the depth every
# walker of a formula is tested at, whatever deck a table makes (docs/rulings.md).
MAX_PREMISE_CARDS = 200


class Rule(enum.StrEnum):
    VARIABLE_NEXT_TO_VARIABLE = "variable_next_to_variable"
    OPERATOR_NEXT_TO_OPERATOR = "operator_next_to_operator"
    OPERATOR_NEEDS_OPERANDS = "operator_needs_operands"
    OPERANDS_NEED_OPERATOR = "operands_need_operator"
    PARENTHESES_PAIRED = "parentheses_paired"
    PARENTHESES_ENCLOSE = "parentheses_enclose"
    NOT_PLACEMENT = "not_placement"
    DOUBLE_NOT = "double_not"
    FOUR_PREMISES = "four_premises"
    DECK_LIMIT = "deck_limit"
    THEN_CHAIN = "then_chain"
    PREMISE_LENGTH = "premise_length"

    @property
    def text(self) -> str:
        return RULE_TEXT[self]


RULE_TEXT = {
    Rule.VARIABLE_NEXT_TO_VARIABLE: "a variable is never next to a variable",
    Rule.OPERATOR_NEXT_TO_OPERATOR: "an operator (AND, OR, THEN) is never next to an operator",
    Rule.OPERATOR_NEEDS_OPERANDS: "an operator connects two operands, one on each side",
    Rule.OPERANDS_NEED_OPERATOR: "two operands side by side need an operator between them",
    Rule.PARENTHESES_PAIRED: "parentheses are played as a pair and never left unpaired",
    Rule.PARENTHESES_ENCLOSE: "a pair of parentheses encloses a formula",
    Rule.NOT_PLACEMENT: "NOT stands only before a variable or an opening parenthesis",
    Rule.DOUBLE_NOT: "two NOTs in a row only with parentheses: NOT ( NOT A ), never NOT NOT A",
    Rule.FOUR_PREMISES: "the Proof has at most four premises",
    Rule.DECK_LIMIT: "the Proof cannot hold more cards of a kind than the deck has",
    Rule.THEN_CHAIN: "a chain A THEN B THEN C needs parentheses (house rule then_chain=refuse)",
    Rule.PREMISE_LENGTH: (
        f"a premise holds at most {MAX_PREMISE_CARDS} cards (the referee's limit; "
        "the printed decks have 55 cards in all)"
    ),
}


class Side(enum.StrEnum):
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True)
class Violation:
    """Cards ``first``..``last`` (from 0) of a premise break ``rule``.

    ``side``: which operand an operator lacks; ``limit``: the deck's count
    (with its Wilds) for a deck limit.
    """

    rule: Rule
    first: int
    last: int = -1
    side: Side | None = None
    limit: int = 0

    def __post_init__(self) -> None:
        if self.last < self.first:
            object.__setattr__(self, "last", self.first)

    def describe(self, faces: Sequence[Face]) -> str:
        """The rule, with what the cards at fault lack (plain words, no position)."""
        card = faces[self.first].value if self.first < len(faces) else ""
        if self.rule == Rule.OPERATOR_NEEDS_OPERANDS and self.side is not None:
            return f"{self.rule.text}: {card} has no operand on its {self.side.value}"
        if self.rule == Rule.DECK_LIMIT:
            if card in ("(", ")"):
                plural = "s" if self.limit != 1 else ""
                return f"{self.rule.text}: the deck has {self.limit} parenthesis card{plural}"
            return f"{self.rule.text}: the deck and its Wilds give {self.limit} {card}"
        return self.rule.text


class SyntaxViolation(ValueError):
    """A premise that breaks a card rule (``premise``: its number, from 1)."""

    def __init__(self, violation: Violation, faces: Sequence[Face], premise: int = 0) -> None:
        super().__init__(violation.describe(faces))
        self.violation = violation
        self.faces = tuple(faces)
        self.premise = premise


def first_violation(faces: Sequence[Face]) -> Violation | None:
    """The first card rule the premise ``faces`` breaks, or None when it is well formed."""
    open_at: list[int] = []
    prev: Face | None = None
    for i, face in enumerate(faces):
        if i == MAX_PREMISE_CARDS:
            return Violation(Rule.PREMISE_LENGTH, i, len(faces) - 1)
        wants_operand = prev is None or prev in OPERATORS or prev in (Face.NOT, Face.OPEN)
        if face in VARIABLES:
            if prev in VARIABLES:
                return Violation(Rule.VARIABLE_NEXT_TO_VARIABLE, i)
            if not wants_operand:
                return Violation(Rule.OPERANDS_NEED_OPERATOR, i)
        elif face in OPERATORS:
            if prev in OPERATORS:
                return Violation(Rule.OPERATOR_NEXT_TO_OPERATOR, i)
            if prev == Face.NOT:
                return Violation(Rule.NOT_PLACEMENT, i - 1)
            if wants_operand:
                return Violation(Rule.OPERATOR_NEEDS_OPERANDS, i, side=Side.LEFT)
        elif face == Face.NOT:
            if prev == Face.NOT:
                return Violation(Rule.DOUBLE_NOT, i - 1, i)
            if not wants_operand:
                return Violation(Rule.OPERANDS_NEED_OPERATOR, i)
        elif face == Face.OPEN:
            if not wants_operand:
                return Violation(Rule.OPERANDS_NEED_OPERATOR, i)
            open_at.append(i)
        else:  # Face.CLOSE
            if prev in OPERATORS:
                return Violation(Rule.OPERATOR_NEEDS_OPERANDS, i - 1, side=Side.RIGHT)
            if prev == Face.NOT:
                return Violation(Rule.NOT_PLACEMENT, i - 1)
            if prev == Face.OPEN:
                return Violation(Rule.PARENTHESES_ENCLOSE, i - 1, i)
            if not open_at:
                return Violation(Rule.PARENTHESES_PAIRED, i)
            open_at.pop()
        prev = face
    last = len(faces) - 1
    if prev in OPERATORS:
        return Violation(Rule.OPERATOR_NEEDS_OPERANDS, last, side=Side.RIGHT)
    if prev == Face.NOT:
        return Violation(Rule.NOT_PLACEMENT, last)
    if open_at:
        return Violation(Rule.PARENTHESES_PAIRED, open_at[0])
    return None


def check_premises(premises: Sequence[Sequence[Face]]) -> None:
    """SyntaxViolation naming the first premise (from 1) that breaks a card rule."""
    for number, faces in enumerate(premises, start=1):
        if number > MAX_PREMISES:
            raise SyntaxViolation(Violation(Rule.FOUR_PREMISES, 0, len(faces) - 1), faces, number)
        found = first_violation(faces)
        if found is not None:
            raise SyntaxViolation(found, faces, number)
