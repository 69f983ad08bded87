"""The four games as the web table serves them: each game's terminal pairing, and what only
the web adds to it.

A game reaches the web through the same door as the terminal: its
registration (:mod:`referee.table.registry`: the record, the command
language, which seat may say what, and ``seat_view``, what one seat may see)
as its :class:`~referee.cli.house.TerminalGame` pairs it with the terminal's
part (the options ``play`` takes, the services its commands are given, the
renderer whose words answer a command). A :class:`WebGame` adds only what the
web has and the terminal has not: after which events every screen shows
``why``, the live check of a statement being written on a phone, and who must
all say ``end`` before the game ends (at a terminal the table agrees aloud; a
phone speaks alone).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import click
from rich.console import Console

from referee.cli import cogito_cmd, ergo_cmd, invicta_cmd, play_cmd
from referee.cli.house import TerminalGame, new_game, play_command
from referee.cli.invicta_words import result_words
from referee.cogito.state import Phase
from referee.ergo.events import Score
from referee.ergo.outcomes import PlacementRefused
from referee.palmer.events import Claim
from referee.palmer.views import check_play
from referee.table.events import Event
from referee.table.record import GameKind, Record
from referee.table.session import Commands, Outcome, Session


@dataclass(frozen=True)
class WebGame:
    """A game's terminal pairing with what the web adds to it."""

    terminal: TerminalGame
    # After these events (a claim settled, a round scored) the table also shows ``why``:
    # the evidence, derivation or model, one tap away on every screen.
    explained: tuple[type[Event], ...] = ()
    # (game, seat, card words, text) -> what a statement being written would come to
    draft: Callable[[Any, str, list[str], str], dict] | None = None
    # Outcomes of the game's own that refuse a command (besides Refused): ``ok`` is false.
    refusals: tuple[type[Outcome], ...] = ()
    # (game) -> who must all say ``end`` before the game ends now (the table's decision);
    # () when the game would refuse to end now (it then says why) or has no ``end``.
    enders: Callable[[Any], tuple[str, ...]] = lambda game: ()
    # (game, view) -> the view with the words the interface adds (a result in words)
    worded: Callable[[Any, dict], dict] = lambda game, view: view

    @property
    def registration(self):
        return self.terminal.game

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
        return self.worded(game, self.terminal.game.view(game, seat))

    def services(self, record: Record) -> AbstractContextManager[dict[str, Any]]:
        """What the commands are given (an engine), as the terminal opens them."""
        return self.terminal.services(record)

    def commands(self, services: dict[str, Any]) -> Commands:
        return self.terminal.game.language(**services)

    def renderer(self, out: Console, session: Session):
        """The terminal's renderer, its secret-showing flags off, its words for one seat
        (a phone's answer goes to that phone alone)."""
        renderer = self.terminal.renderer(out, session, {})
        renderer.session_is_a_seat = lambda: True
        return renderer

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


def everyone_until_the_end(game) -> tuple[str, ...]:
    """Palmer and Ergo: every player, while the game is on."""
    return () if game.finished else tuple(game.players)


def invicta_worded(game, view: dict) -> dict:
    """Invicta's result in words, as the terminal says it."""
    return {**view, "result": result_words(game.result) if game.finished else None}


def cogito_enders(game) -> tuple[str, ...]:
    """At the last call (every hand empty, nobody naming), the players still in: any of
    them may yet declare COGITO instead of the tie."""
    if game.finished or game.calling or game.phase != Phase.LAST_CALL:
        return ()
    return tuple(s.name for s in game.active())


GAMES: dict[str, WebGame] = {
    web.name: web
    for web in (
        WebGame(
            play_cmd.TERMINAL,
            explained=(Claim,),
            draft=check_play,
            enders=everyone_until_the_end,
        ),
        WebGame(
            ergo_cmd.TERMINAL,
            explained=(Score,),
            refusals=(PlacementRefused,),
            enders=everyone_until_the_end,
        ),
        WebGame(invicta_cmd.TERMINAL, worded=invicta_worded),
        WebGame(cogito_cmd.TERMINAL, enders=cogito_enders),
    )
}
