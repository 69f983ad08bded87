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
    """The formula a premise says; SyntaxViolation if it breaks a card rule.

    Read without recursion (a stack of open parentheses), so a premise of
    any length or nesting is read, never a RecursionError.
    """
    found = first_violation(faces)
    if found is not None:
        raise SyntaxViolation(found, faces)
    return _read(tuple(faces), rules)


@dataclass
class _Group:
    """A premise, or a parenthesis being read: its operands and operators so far."""

    items: list  # operand, (operator, position), operand, ...
    nots: int = 0  # NOTs waiting for the next operand
    outer_nots: int = 0  # NOTs standing before this parenthesis
    then_seen: bool = False  # a THEN since the last AND or OR of this group


def _read(faces: tuple[Face, ...], rules: ReadingRules) -> Formula:
    stack = [_Group([])]
    for pos, face in enumerate(faces):
        group = stack[-1]
        if face == Face.NOT:
            group.nots += 1
        elif face == Face.OPEN:
            stack.append(_Group([], outer_nots=group.nots))
            group.nots = 0
        elif face == Face.CLOSE:
            inner = stack.pop()
            _operand(stack[-1], _negated(_reduce(inner.items, rules), inner.outer_nots))
        elif face in LEVELS:
            if face == Face.THEN:
                if group.then_seen and rules.then_chain == ThenChain.REFUSE:
                    raise SyntaxViolation(Violation(Rule.THEN_CHAIN, pos), faces)
                group.then_seen = True
            else:
                group.then_seen = False
            group.items.append((face, pos))
        else:
            assert face in VARIABLES
            _operand(group, Pred(face.value))
    assert len(stack) == 1  # the card rules guarantee balanced parentheses
    return _reduce(stack[0].items, rules)


def _operand(group: _Group, formula: Formula) -> None:
    group.items.append(_negated(formula, group.nots))
    group.nots = 0


def _negated(formula: Formula, nots: int) -> Formula:
    for _ in range(nots):
        formula = Not(formula)
    return formula


def _reduce(items: list, rules: ReadingRules) -> Formula:
    """``x0 op x1 op x2 …`` (no parentheses left) as one formula, loosest operator first."""
    operands = items[0::2]
    operators = [op for op, _ in items[1::2]]

    def chain(parts: list[Formula], op: Face) -> Formula:
        right = (
            rules.then_chain == ThenChain.RIGHT
            if op == Face.THEN
            else rules.chain_grouping == Grouping.RIGHT
        )
        build = BUILD[op]
        if right:
            formula = parts[-1]
            for part in reversed(parts[:-1]):
                formula = build(part, formula)
            return formula
        formula = parts[0]
        for part in parts[1:]:
            formula = build(formula, part)
        return formula

    # Split at each level in turn (AND, then OR, then THEN): three loops, no recursion.
    ands: list[Formula] = []
    ors: list[Formula] = []
    thens: list[Formula] = [operands[0]]
    for op, operand in zip(operators, operands[1:], strict=True):
        if op == Face.THEN:
            thens.append(operand)
            continue
        ors.append(chain(thens, Face.THEN))
        thens = [operand]
        if op == Face.AND:
            ands.append(chain(ors, Face.OR))
            ors = []
    ors.append(chain(thens, Face.THEN))
    ands.append(chain(ors, Face.OR))
    return chain(ands, Face.AND)


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
