"""Re-refereeing a recorded game of Palmer's: every claim put to today's engine.

The shared replay (:mod:`referee.table.replay`) re-applies every event, so
every play is checked against today's card permissions; this module adds the
claims: each is settled again, by the same code that settled it at the table
and under the time limit the record keeps, and compared with the record.
"""

from __future__ import annotations

from referee.palmer import claims
from referee.palmer.events import Claim
from referee.palmer.state import Game
from referee.table.errors import IllegalEvent
from referee.table.replay import Disagreement, Examine


def examiner(engine: claims.Engine) -> Examine:
    """The replay hook: re-settle each claim before it is applied."""

    def examine(game: Game, event, number: int):
        if not isinstance(event, Claim):
            return None, []
        try:
            today = claims.recheck(game, event, engine)
        except IllegalEvent:
            return None, []  # apply reports it, naming the field
        found = []
        then, now = event.verdict.status, today.claim.verdict.status
        if then != now:
            found.append(Disagreement(number, "verdict.status", then, now))
        if event.derivation is not None and today.claim.derivation is not None:
            if event.derivation.ok != today.claim.derivation.ok:
                found.append(
                    Disagreement(
                        number,
                        "derivation.backing",
                        event.derivation.backing,
                        today.claim.derivation.backing,
                    )
                )
        if event.outcome != today.claim.outcome and "vote" not in (
            event.outcome,
            today.claim.outcome,
        ):
            found.append(Disagreement(number, "outcome", event.outcome, today.claim.outcome))
        return today, found

    return examine
