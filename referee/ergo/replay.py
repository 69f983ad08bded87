"""Re-refereeing a recorded Ergo game: every round's ruling put to today's referee.

The shared replay (:mod:`referee.table.replay`) re-applies every event, so
every card is checked again against today's card rules; this module adds
the rounds' ends: each Proof is decided again, by the same code that decided
it at the table, and every derivation the record shows is put to today's
derivation checker.
"""

from __future__ import annotations

from referee.ergo.events import Score
from referee.ergo.ruling import Standing, check_written, decide
from referee.ergo.state import Game
from referee.ergo.syntax import SyntaxViolation
from referee.language.ast import Not, Pred
from referee.table.replay import Disagreement, Examine


def examine(game: Game, event, number: int):
    """The replay hook: decide each stopped round again before its Score is applied."""
    if not isinstance(event, Score):
        return None, []
    try:
        premises = game.proof.formulas(game.rules.reading)
    except SyntaxViolation:
        return None, []  # apply refuses the round's end, naming the field
    today = decide(premises, game.proof.cards)
    then = event.ruling.decision
    found = [
        Disagreement(number, f"ruling.decision.{key}", getattr(then, key), getattr(today, key))
        for key in ("paradox", "proven", "disproven", "cards")
        if getattr(then, key) != getattr(today, key)
    ]
    labels = tuple(range(1, len(premises) + 1))
    for i, evidence in enumerate(event.ruling.evidence):
        if evidence.derivation is None:
            continue
        goal = Pred(evidence.variable)
        if evidence.standing == Standing.DISPROVEN:
            goal = Not(goal)
        if check_written(evidence.derivation.text, premises, goal, labels) is None:
            found.append(
                Disagreement(number, f"ruling.evidence[{i}].derivation", "checks", "fails")
            )
    clash = event.ruling.clash
    if clash is not None:
        chosen = [premises[n - 1] for n in then.clash if 0 < n <= len(premises)]
        if (
            len(chosen) != len(then.clash)
            or check_written(clash.text, chosen, None, then.clash) is None
        ):
            found.append(Disagreement(number, "ruling.clash", "checks", "fails"))
    return today, found


EXAMINE: Examine = examine
