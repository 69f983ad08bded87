"""The outcomes every game's table shares: scores, a hand, the cards, the board, the end.

A game's commands return these as they return their own outcomes; the
interface has one renderer for each, drawn from the game it is showing. A
game whose hand or end carries more (a deduction aide, each game's way of
winning) subclasses them, so the shared machinery still knows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.table.session import Outcome, PlayerOutcome


@dataclass(frozen=True)
class ShowScores(Outcome):
    pass


@dataclass(frozen=True)
class ShowHand(PlayerOutcome):
    """``player``'s hand, for ``player`` alone."""


@dataclass(frozen=True)
class ShowMoves(PlayerOutcome):
    """Every move ``player`` may make now, as lines of the command language (``""`` and no
    lines: nobody has a move to make). ``private``: the moves tell what only that player
    sees (a hand, what a Self card may be), so a shared screen shows them as a hand."""

    lines: tuple[str, ...] = ()
    private: bool = True


@dataclass(frozen=True)
class ShowCards(Outcome):
    """The deck the game is played with."""


@dataclass(frozen=True)
class ShowBoard(Outcome):
    """What lies open to all: the board, the Proof, the table, as the game has it."""


@dataclass(frozen=True)
class GameOver(Outcome):
    """The game has ended; each game's subclass says how (its winners, its finish)."""
