"""What every command shares: reading the user's files and failing cleanly.

Files a user gave are only ever read here (never written); every problem
becomes a one-paragraph message and exit code 1, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from referee.language.boardfile import BoardError, BoardText, parse_board
from referee.language.deck import Deck, DeckError, load_deck_text
from referee.resources import default_deck_path

deck_option = click.option(
    "--deck",
    "deck_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Deck file (TOML) with the vocabulary and cards; default: the Palmer deck.",
)


class Seconds(click.ParamType):
    """A time limit: a finite number of seconds within (minimum, maximum]."""

    name = "seconds"

    def __init__(self, minimum: float = 0.05, maximum: float = 600.0) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value, param, ctx) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not (self.minimum <= seconds <= self.maximum):  # also refuses nan
            self.fail(
                f"{value!r} is not between {self.minimum:g} and {self.maximum:g} seconds",
                param,
                ctx,
            )
        return seconds


class InputError(click.ClickException):
    """Bad input from the user: printed without a traceback, exit code 1."""

    exit_code = 1

    def show(self, file=None) -> None:
        from referee.cli.safe import visible

        lines = self.format_message().split("\n")
        click.echo("error: " + "\n".join(visible(line) for line in lines), err=True)


def fail(message: str) -> NoReturn:
    raise InputError(message)


def read_text(path: Path, what: str = "file") -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"{path}: no such {what}")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a {what}")
    except UnicodeDecodeError as exc:
        fail(f"{path}: not UTF-8 text (byte {exc.start})")
    except OSError as exc:
        fail(f"{path}: cannot read it ({exc.strerror})")


def load_deck(path: Path | None) -> Deck:
    source = path or default_deck_path()
    try:
        return load_deck_text(read_text(source, "deck file"), str(source))
    except DeckError as exc:
        fail(str(exc))


def load_board(path: Path, deck: Deck) -> BoardText:
    try:
        return parse_board(read_text(path, "board file"), deck.vocabulary, str(path))
    except BoardError as exc:
        fail(exc.render())


def print_json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()
