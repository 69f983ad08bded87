"""Games played from a deck of cards that the referee may deal (the card games).

A table chooses whether the referee shuffles, deals and keeps the hands, or
the players use the printed deck and say what they play; either way the
setup holds the settings (with that :class:`Mode`) and the deck
(:class:`DealtSetup`), and the state reads them from it (:class:`DealtState`).
"""

from __future__ import annotations

import enum
from typing import Any

from referee.table.players import NamedPlayers, TurnState


class Mode(enum.StrEnum):
    DEALT = "dealt"  # the referee shuffles, deals and keeps the hands
    TABLE = "table"  # the printed deck: players say what they play


class DealtSetup(NamedPlayers):
    """A setup whose ``settings`` hold the players (in turn order) and the ``mode``."""

    settings: Any

    @property
    def players(self) -> tuple[str, ...]:  # type: ignore[override]  # a field elsewhere
        return self.settings.players


class DealtState(TurnState):
    """A state whose setup holds ``settings`` (with a ``mode``) and the ``deck``."""

    @property
    def settings(self) -> Any:
        return self.setup.settings

    @property
    def deck(self) -> Any:
        return self.setup.deck

    @property
    def dealt(self) -> bool:
        return self.settings.mode is Mode.DEALT
