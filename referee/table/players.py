"""A game's players, as every game's setup and state hold them.

The setup names the players; a new game's setup is asked
:meth:`NamedPlayers.check_new` (the name rule) by the house before its first
event, while a record is read without it (games recorded before the rule
still load). The state reads its players and house rules from its setup
(:class:`SetupState`) rather than copying them. Written once here so that the
four games, and any fifth, refuse the same names with the same words and
agree on who is playing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.language.names import NameRefused, check_player_names
from referee.table.errors import SetupError


class NamedPlayers:
    """A setup whose ``players`` a new game names by the one name rule
    (:mod:`referee.language.names`)."""

    # the option a refused name is blamed on ("": the names together, as two sides named apart)
    names_option: ClassVar[str] = "players"

    players: tuple[str, ...]  # a field, or a property of the setup

    def check_new(self) -> None:
        """The rules a new game's setup meets beyond what a record may hold."""
        try:
            check_player_names(tuple(self.players))
        except NameRefused as exc:
            raise SetupError(self.names_option, str(exc)) from None


class SetupState:
    """A game state holding its ``setup``: the players (in the setup's order: turns,
    seating, white first) and the house rules are the setup's, read and never copied."""

    setup: Any

    @property
    def rules(self) -> Any:
        return self.setup.rules

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.setup.players)


class TurnState(SetupState):
    """A state whose players move in turn: ``current`` indexes the player whose turn it is."""

    current: int
    finished: bool

    @property
    def player(self) -> str:
        return self.players[self.current]

    @property
    def mover(self) -> str | None:
        """Whose move it is now: the one declaration the turn guard, the legal moves, a
        seat's view and the prompt read (None: nobody's in particular, as after the end;
        a game whose turn waits for something else says so here)."""
        return None if self.finished else self.player
