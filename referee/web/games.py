"""The four games as the web table needs them: small adapters, one per game.

Each adapter names what the game already has (its ``play`` command, whose
options ``serve`` takes; its terminal part, whose registration starts a new
record as ``play`` does (:func:`referee.cli.house.new_record`); its
command language; its terminal renderer, for the words of a command's
answer; its per-seat view in ``referee.<game>.views``) and adds the one
thing only the web needs: who may say a line (:class:`Speaker`). A line said
by a seat may act only for that seat's player, and a view that names a
player (``hand``) is always the seat's own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

import click

from referee.language.names import find_name
from referee.table.record import GameKind, Record


class Refusal(Exception):
    """A line a seat may not say now; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _is_player(players: tuple[str, ...], word: str) -> str | None:
    return find_name(word, players)  # the name rule (referee.language.names)


def _own(players: tuple[str, ...], seat: str, word: str) -> None:
    named = _is_player(players, word)
    if named is not None and named != seat:
        raise Refusal(f"this seat speaks for {seat} only, not for {named}")


def _turn(seat: str, whose: str | None) -> None:
    if whose is None:
        raise Refusal("nobody is to play now")
    if whose != seat:
        raise Refusal(f"it is {whose}'s turn, not yours")


def _view_of_seat(players: tuple[str, ...], seat: str, command: str, rest: str) -> str:
    for word in rest.split():
        _own(players, seat, word)
    return f"{command} {seat}"


# ----------------------------------------------------------------- speakers
# speaker(game, seat, command, rest) -> the line to execute, or Refusal.


def _palmer_speaker(game, seat: str, command: str, rest: str) -> str:
    if command in ("play", "negate", "claim", "pass"):
        if game.pending is not None:
            raise Refusal("the table votes first on the undetermined claim")
        _turn(seat, None if game.finished else game.player)
    if command == "hand":
        return _view_of_seat(game.players, seat, command, rest)
    return f"{command} {rest}"


ERGO_TURN = ("play", "discard", "fallacy", "justify", "tabula", "revolution", "ergo")


def _ergo_speaker(game, seat: str, command: str, rest: str) -> str:
    if command in ERGO_TURN:
        _turn(seat, None if game.finished or game.stopped else game.player)
    if command == "hand":
        return _view_of_seat(game.players, seat, command, rest)
    return f"{command} {rest}"


def _cogito_speaker(game, seat: str, command: str, rest: str) -> str:
    players = game.players
    words = rest.split()
    if command == "play":
        if words and _is_player(players, words[0]):
            _own(players, seat, words[0])
            words = words[1:]
        _turn(seat, game.current)
        return "play " + " ".join(words)
    if command in ("give", "cogito"):
        if command == "cogito" and words and all(_is_player(players, w) for w in words):
            for w in words:
                _own(players, seat, w)
            return f"cogito {seat}"
        if words and _is_player(players, words[0]):
            _own(players, seat, words[0])
            words = words[1:]
        return f"{command} {seat} " + " ".join(words)
    if command == "iam":
        if game.calling and game.calling[0] != seat:
            raise Refusal(f"{game.calling[0]} names their Self card first")
        return f"iam {rest}"
    if command in ("hand", "possible"):
        return _view_of_seat(players, seat, command, rest)
    return f"{command} {rest}"


def _invicta_speaker(game, seat: str, command: str, rest: str) -> str:
    from referee.invicta.commands import _LOOKS_LIKE_A_MOVE

    if command in ("place", "move") or _LOOKS_LIKE_A_MOVE.match(command):
        whose = None if game.to_move is None else game.setup.player(game.to_move)
        _turn(seat, whose)
    return f"{command} {rest}"


# ----------------------------------------------------------------- actors


def player_of(game, event) -> str | None:
    """Who made ``event`` (None: the rules or the table), for undo."""
    player = getattr(event, "player", None)
    if isinstance(player, str):
        return player
    side = getattr(event, "side", None)
    if side is not None and hasattr(game.setup, "player"):
        return game.setup.player(side)
    return None


# ----------------------------------------------------------------- adapters


@dataclass(frozen=True)
class WebGame:
    name: str
    prefix: str  # a new record's file name: PREFIX-DATE.json, as play names it
    play_command: str  # "module:attribute[.play]" of the game's play command
    terminal: str  # "module:attribute" of the game's TerminalGame (referee.cli.house)
    kind_module: str  # the module whose GAME is the GameKind
    view_module: str
    commands: Callable[[object], object]  # engine -> the game's Commands
    renderer: Callable[[object, object], object]  # (console, session) -> TableRenderer
    speaker: Callable[[object, str, str, str], str]
    players: Callable[[object], tuple[str, ...]]  # setup -> the seats, in order
    needs_engine: bool = False
    hidden_options: tuple[str, ...] = ()  # play's options that would show secrets
    # After these events (a claim settled, a round scored) the table also shows ``why``:
    # the evidence, derivation or model, one tap away on every screen.
    explained: tuple[str, ...] = ()

    @property
    def kind(self) -> GameKind:
        return importlib.import_module(self.kind_module).GAME

    def view(self, game, seat: str | None) -> dict:
        return importlib.import_module(self.view_module).seat_view(game, seat)

    def play(self) -> click.Command:
        module, attr = self.play_command.split(":")
        group, _, sub = attr.partition(".")
        command = getattr(importlib.import_module(module), group)
        return command.commands[sub] if sub else command

    def options(self) -> list[click.Parameter]:
        """play's own options (the same objects), less those that would show secrets
        (named here, and any ``--show-...`` flag a game's play may grow)."""
        return [
            p
            for p in self.play().params
            if p.name not in self.hidden_options and not (p.name or "").startswith("show_")
        ]

    def start(self, options: dict) -> Record:
        """A new record from play's options, by play's own function (the name rule and
        every setup check included)."""
        from referee.cli.common import fail
        from referee.cli.house import new_record

        module, attr = self.terminal.split(":")
        terminal = getattr(importlib.import_module(module), attr)
        game = terminal.game
        values = {o.name: options.get(o.name) for o in game.options}
        if any(o.required and not values.get(o.name) for o in game.options):
            fail(terminal.missing)
        return new_record(game, values, tuple(options.get("house") or ()), options.get("deck"))


def _palmer_commands(engine):
    from referee.palmer.commands import PalmerCommands

    return PalmerCommands(engine, None)  # no derivation files from a phone: the server's disk


def _palmer_renderer(out, session):
    from referee.cli.palmer_render import PalmerRenderer

    return PalmerRenderer(out, session)


def _ergo_commands(engine):
    from referee.ergo.commands import ErgoCommands

    return ErgoCommands()


def _ergo_renderer(out, session):
    from referee.cli.ergo_render import ErgoRenderer

    return ErgoRenderer(out, session, private=False, show_hands=False)


def _invicta_commands(engine):
    from referee.invicta.commands import InvictaCommands

    return InvictaCommands()


def _invicta_renderer(out, session):
    from referee.cli.invicta_render import InvictaRenderer

    return InvictaRenderer(out, session)


def _cogito_commands(engine):
    from referee.cogito.commands import CogitoCommands

    return CogitoCommands()


def _cogito_renderer(out, session):
    from referee.cli.cogito_render import CogitoRenderer

    return CogitoRenderer(out, session, show_secrets=False)


GAMES: dict[str, WebGame] = {
    "palmer": WebGame(
        "palmer",
        "game",
        "referee.cli.play_cmd:play",
        "referee.cli.play_cmd:TERMINAL",
        "referee.palmer.records",
        "referee.palmer.views",
        _palmer_commands,
        _palmer_renderer,
        _palmer_speaker,
        lambda setup: tuple(setup.settings.players),
        needs_engine=True,
        explained=("Claim",),
    ),
    "ergo": WebGame(
        "ergo",
        "ergo",
        "referee.cli.ergo_cmd:ergo.play",
        "referee.cli.ergo_cmd:TERMINAL",
        "referee.ergo.records",
        "referee.ergo.views",
        _ergo_commands,
        _ergo_renderer,
        _ergo_speaker,
        lambda setup: tuple(setup.settings.players),
        hidden_options=("show_hands",),
        explained=("Score",),
    ),
    "invicta": WebGame(
        "invicta",
        "invicta",
        "referee.cli.invicta_cmd:invicta.play",
        "referee.cli.invicta_cmd:TERMINAL",
        "referee.invicta.records",
        "referee.invicta.views",
        _invicta_commands,
        _invicta_renderer,
        _invicta_speaker,
        lambda setup: (setup.white, setup.black),
    ),
    "cogito": WebGame(
        "cogito",
        "cogito",
        "referee.cli.cogito_cmd:cogito.play",
        "referee.cli.cogito_cmd:TERMINAL",
        "referee.cogito.records",
        "referee.cogito.views",
        _cogito_commands,
        _cogito_renderer,
        _cogito_speaker,
        lambda setup: tuple(setup.players),
        hidden_options=("show_secrets",),
    ),
}
