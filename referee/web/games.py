"""The games as the web table serves them: every game of the one list (``referee.games``),
each with its terminal pairing.

A game reaches the web through the same door as the terminal: its
registration (:mod:`referee.table.registry`: the record, the command
language, which seat may say what, and ``seat_view``, what one seat may see)
as its :class:`~referee.client.house.TerminalGame` pairs it with the terminal's
part (the options ``play`` takes, the services its commands are given, the
renderer whose words answer a command). What only the web needs of a game
(after which events every screen shows ``why``, the live check of a statement
being written on a phone, who must all say ``end`` before the game ends, its
help on a phone) is the game's own, declared in its package
(``registration.phones``); its drawing is there too (``registration.drawing``).
Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import click

from referee.client.house import TerminalGame, new_game, play_command
from referee.client.said import Page, Said
from referee.games import GAMES as REGISTERED
from referee.table.events import Event
from referee.table.record import GameKind, Record
from referee.table.registry import GameRegistration
from referee.table.seatview import seat_view
from referee.table.session import Commands, Outcome, Outcomes, Session


@dataclass(frozen=True)
class WebGame:
    """A game's terminal pairing, served to phones; what the web adds to it is the game's
    own, declared in its package (``registration.phones``)."""

    terminal: TerminalGame

    @property
    def registration(self) -> GameRegistration:
        return self.terminal.game

    @property
    def explained(self) -> tuple[type[Event], ...]:
        return self.registration.phones.explained

    @property
    def draft(self) -> Callable[[Any, str, list[str], str], dict] | None:
        return self.registration.phones.draft

    @property
    def refusals(self) -> tuple[type[Outcome], ...]:
        return self.registration.phones.refusals

    def enders(self, game) -> tuple[str, ...]:
        return self.registration.phones.enders(game)

    @property
    def name(self) -> str:
        return self.terminal.game.name

    @property
    def prefix(self) -> str:  # a new record's file name: PREFIX-DATE.json, as play names it
        return self.terminal.prefix

    @property
    def kind(self) -> GameKind:
        return self.terminal.game.kind

    def view(self, game, seat: str | None) -> dict:
        """What ``seat`` (None: everyone) may see of ``game``, read into the contract every
        client reads (:mod:`referee.table.seatview`), without the table's own keys."""
        return seat_view(self.registration, game, seat).game_json()

    def services(self, record: Record) -> AbstractContextManager[dict[str, Any]]:
        """What the commands are given (an engine), as the terminal opens them."""
        return self.terminal.services(record)

    def commands(self, services: dict[str, Any]) -> Commands:
        return self.terminal.game.language(**services)

    def said(self, session: Session, outcomes: Outcomes) -> Said:
        """What the game's renderer says of ``outcomes``, as data (its secret-showing flags
        off): said to a :class:`Page`, which keeps the lines and tables it is given."""
        page = Page()
        self.terminal.renderer(page, session, {}).show(outcomes, False)
        return page.said()

    def describe(self, event: Event) -> str:
        """An event in one line, as the terminal says it at undo and in a replay (words
        that show only what the event showed the table)."""
        return self.terminal.renderer(Page(), None, {}).describe(event)

    def options(self) -> list[click.Parameter]:
        """play's options (built from the same registration), less the flags that would
        show secrets."""
        flags = {f.name for f in self.terminal.flags}
        return [p for p in play_command(self.terminal).params if p.name not in flags]

    def start(self, options: dict) -> Record:
        """A new record from play's options, by play's own function (the name rule and
        every setup check included)."""
        values = {o.name: options.get(o.name) for o in self.terminal.game.options}
        return new_game(
            self.terminal, values, tuple(options.get("house") or ()), options.get("deck")
        )


GAMES: dict[str, WebGame] = {
    registration.name: WebGame(registration.terminal().game)
    for registration in REGISTERED
    if registration.terminal is not None
}
