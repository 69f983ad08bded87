"""The outcomes every game's table shares: scores, a hand, the cards, the board, the end.

A game's commands return these as they return their own outcomes; the
interface has one renderer for each, drawn from the game it is showing. A
game whose hand carries more (a deduction aide) subclasses it, so the shared
machinery still knows it. The end is not written by any game's commands: a
state declares how it ended (its ``ending``, an :class:`Ending`), and the
session adds the :class:`GameOver` after any command whose events ended it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

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
class Ending:
    """How a game ended, as its state declares it (python-chess's ``Outcome``): how
    (``termination``, a member of the game's own enum: five in a row, the table ended it),
    who won (``winners``: none for a draw or a tie, several who share the win), the points
    where the game counts them (``scores``, in seating order), and what the table said
    when it ended it (``note``, the reason of ``end REASON``)."""

    termination: enum.Enum
    winners: tuple[str, ...] = ()
    scores: tuple[tuple[str, int], ...] = ()
    note: str = ""


@dataclass(frozen=True)
class GameOver(Outcome):
    """The game has ended, as ``ending`` says: assembled by the session after any command
    whose events ended it (:func:`game_over`); each game's words say it."""

    ending: Ending


def game_over(game: Any) -> GameOver | None:
    """The end of ``game``, as its state declares it (``ending``): None while it goes on,
    and for a state that declares no ending of the right type (its end goes unsaid rather
    than guessed; ``finished`` alone still stops every move)."""
    ending = getattr(game, "ending", None) if getattr(game, "finished", False) else None
    return GameOver(ending) if isinstance(ending, Ending) else None
