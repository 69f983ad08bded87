"""What an event showed the table that nobody could otherwise know: undo never crosses it.

Taking back a judgement, a drawn card, a Self card or a declaration after the
table saw it would let a player play again knowing what they must not know
(declare the Self card just shown, keep a card a verdict went against).
So every game that hides something keeps, in its state, the last event that
showed something hidden (:class:`Reveal`, set by its ``apply``, so a rebuilt
game knows it too), and :meth:`referee.table.session.Session.undo` refuses to
take that event back, or anything before it.

A table of friends may allow more: the house rule ``undo_past_reveals``, in
a game's house rules, lifts the barrier (the default keeps it). Which events
reveal, game by game, is listed in ``docs/rulings.md``.
"""

from __future__ import annotations

import enum
import sys
from dataclasses import dataclass


class Shown(enum.StrEnum):
    """What kind of hidden thing an event showed."""

    JUDGEMENT = "judgement"  # the referee's verdict: a card's colour, a claim, a round's ruling
    DRAWN_CARD = "drawn_card"  # cards from the face-down pile into a hand (a draw, a deal)
    # cards from a hand the others do not see, played face up: declared by the events that
    # play them, never a barrier of its own (its player chose to show them), but the
    # people at a keyboard never take back a computer's (Session.undo: it would put them
    # back in its hand, known)
    PLAYED_CARD = "played_card"
    TRADED_CARD = "traded_card"  # a card received from another hand
    SELF_CARD = "self_card"  # a Self card shown to the table
    DECLARATION = "declaration"  # a hidden thing named and judged right or wrong (a COGITO)
    GAME_OVER = "game_over"  # the end of the game, and what it shows
    UNDECLARED = "undeclared"  # the game does not say what its events show: none undone


@dataclass(frozen=True)
class Reveal:
    """Event ``event`` (from 1) showed ``shown``."""

    event: int
    shown: tuple[Shown, ...]


def lifts_barrier(game: object) -> bool:
    """Whether ``game``'s house rules have ``undo_past_reveals`` at all (on or off): a
    table refused an undo may be told of it only then."""
    return isinstance(getattr(getattr(game, "rules", None), "undo_past_reveals", None), bool)


def undo_barrier(game: object) -> Reveal | None:
    """The last event of ``game`` that undo may not take back, or None.

    None for a game whose ``last_reveal`` is None (nothing shown yet, or a game that
    hides nothing) and for one whose house rules say ``undo_past_reveals``. A game that
    declares no ``last_reveal`` at all fails closed: no event of it is taken back.
    """
    if not hasattr(game, "last_reveal"):  # undeclared: every event may have shown something
        return Reveal(sys.maxsize, (Shown.UNDECLARED,))
    reveal = game.last_reveal
    if not isinstance(reveal, Reveal):
        return None
    if getattr(getattr(game, "rules", None), "undo_past_reveals", False) is True:
        return None
    return reveal
