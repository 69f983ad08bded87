"""The hint (house rule ``hints``): what the Proof proves now, were the round to stop.

The same exact verdict a round is scored by (:func:`referee.ergo.ruling.decide`,
truth tables over A-D), as JSON-ready data for every view and the ``hint``
command; a Proof left broken mid-turn by a Tabula Rasa proves nothing yet.
"""

from __future__ import annotations

from referee.ergo.ruling import NAMES, decide
from referee.ergo.state import Game
from referee.ergo.syntax import SyntaxViolation


def proves(game: Game) -> dict:
    """``{"well_formed", "cards", "paradox", "proven", "disproven", "undecided"}``."""
    try:
        formulas = game.proof.formulas(game.rules.reading)
    except SyntaxViolation:
        return {
            "well_formed": False,
            "cards": game.proof.cards,
            "paradox": False,
            "proven": [],
            "disproven": [],
            "undecided": list(NAMES),
        }
    d = decide(formulas, game.proof.cards)
    decided = set(d.proven) | set(d.disproven)
    return {
        "well_formed": True,
        "cards": d.cards,
        "paradox": d.paradox,
        "proven": list(d.proven),
        "disproven": list(d.disproven),
        "undecided": [v for v in NAMES if v not in decided],
    }
