"""What every command shares: reading the user's files and failing cleanly.

Files a user gave are only ever read here (never written); every problem
becomes a one-paragraph message and exit code 1, never a traceback. A file
is read with a size limit, only if it is a regular file (``/dev/zero``, a
FIFO or a huge file is refused, never read into memory, never waited on),
and a leading UTF-8 byte order mark is dropped.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import NoReturn

import click

from referee.language.boardfile import BoardError, BoardText, parse_board
from referee.language.characters import first_refused, is_refused
from referee.language.deck import Deck, DeckError, load_deck_text
from referee.language.input_limits import MAX_DECK_BYTES, MAX_FILE_BYTES, MAX_RECORD_BYTES
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
        from referee.client.safe import echoed, visible

        lines = echoed(self.format_message()).split("\n")
        say_error("error: " + "\n".join(visible(line) for line in lines))


def say_error(message: str) -> None:
    """An error on standard error: at a terminal each line broken at its words to the
    terminal's width, its later lines indented (a quoted line and its caret, indented
    already and short, as they are); elsewhere as it is."""
    from rich.text import Text

    from referee.client.safe import console, entry

    out = console(stderr=True)
    if out.soft_wrap:
        click.echo(message, err=True)
        return
    for line in message.split("\n"):
        out.print(entry(out, Text(line)))


def fail(message: str) -> NoReturn:
    raise InputError(message)


# The largest file the referee reads, by what it is (referee.language.limits).
_LIMITS = {
    "game record": MAX_RECORD_BYTES,
    "game record or move list": MAX_RECORD_BYTES,
    "deck file": MAX_DECK_BYTES,
}


def read_text(path: Path, what: str = "file", limit: int | None = None) -> str:
    """The UTF-8 text of a user's file, at most ``limit`` bytes (default by ``what``).

    The one reader of every file a command reads. Only a regular file is read:
    the file is opened without blocking (a FIFO with no writer would block
    ``open`` forever) and refused unless ``fstat`` says it is a regular file,
    so a pipe, a device or a socket never hangs the referee. The read is
    bounded (``limit + 1`` bytes at most), and the bytes are decoded strictly.
    """
    if limit is None:
        limit = _LIMITS.get(what, MAX_FILE_BYTES)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        fail(f"{path}: no such {what}")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a {what}")
    except OSError as exc:
        fail(f"{path}: cannot read it ({exc.strerror})")
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            fail(f"{path}: is a directory, not a {what}")
        if not stat.S_ISREG(mode):
            fail(
                f"{path}: is not a regular file (a pipe or a device), so it is not read as a {what}"
            )
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as handle:
            fd = -1  # the handle owns it now
            data = handle.read(limit + 1)
    except OSError as exc:
        fail(f"{path}: cannot read it ({exc.strerror})")
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:
        fail(f"{path}: too large for a {what} (the limit is {_size(limit)})")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(f"{path}: not UTF-8 text (byte {exc.start})")


def _size(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:g} {unit}" if unit != "bytes" else f"{n} bytes"
        n /= 1024
    return f"{n} bytes"  # pragma: no cover


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


def json_text(data: object, indent: int | None = 2) -> str:
    """``data`` as JSON for the screen or a pipe: UTF-8, with every character the
    terminal would escape (controls, bidi overrides, invisible and unassigned
    ones, surrogates) written as a ``\\uXXXX`` escape, which JSON reads back as
    the same text. A name holding U+202E reaches a JSON reader intact and a
    terminal harmless."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    if first_refused(text, allow_newlines=True) is None:
        return text
    return "".join(_json_escape(c) if c != "\n" and is_refused(c) else c for c in text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:  # as a UTF-16 surrogate pair, as JSON writes it
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def print_json(data: object, indent: int | None = 2) -> None:
    click.echo(json_text(data, indent))


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


# Options are words (``--timeout``, ``-p``); anything else that starts with a
# dash (``-> x``, ``-(p)``) is a statement, however it begins.
_OPTION_WORD = re.compile(r"--?[A-Za-z][A-Za-z0-9_-]*(=.*)?", re.DOTALL)


class StatementCommand(click.Command):
    """A command whose arguments are statements, which may start with ``-``.

    click would read ``referee parse "-> x"`` as an unknown option ``->``. Here
    an argument that starts with a dash but is not an option word goes behind
    ``--``, so it reaches the command as the statement it is (and the parser
    explains what is wrong with it). Options keep working wherever they are,
    ``--`` still ends the options, and an unknown option word says how to
    pass a statement that looks like one.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, _statements_last(self, ctx, args))
        except click.NoSuchOption as exc:
            if exc.possibilities:  # a misspelt option: click's "did you mean" says it
                raise
            exc.message += (
                f" (if {exc.option_name} begins a statement, put -- before it: "
                f"{ctx.command_path} -- '{exc.option_name} …')"
            )
            raise


def _statements_last(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    takes_value = {}
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            for name in (*param.opts, *param.secondary_opts):
                takes_value[name] = not (param.is_flag or param.count)
    options: list[str] = []
    positional: list[str] = []
    moved = False
    i = 0
    while i < len(args):
        arg = args[i]
        dashed = arg.startswith("-") and arg != "-"
        if arg == "--":
            positional.extend(args[i + 1 :])
            break
        if dashed and _OPTION_WORD.fullmatch(arg):
            options.append(arg)
            name = arg.split("=", 1)[0]
            if "=" not in arg and takes_value.get(name) and i + 1 < len(args):
                options.append(args[i + 1])
                i += 1
        elif dashed and takes_value.get(arg[:2]):
            options.append(arg)  # a short option glued to its value: -pSTATEMENT
        else:
            positional.append(arg)
            moved = moved or dashed
        i += 1
    if not moved:
        return args
    return [*options, "--", *positional]
