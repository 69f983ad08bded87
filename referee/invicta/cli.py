"""``referee invicta play`` and ``referee invicta replay``: Ergo (Invicta) at the table.

The game is :mod:`referee.invicta.registration`; ``play`` is built by
:mod:`referee.client.house` from it and the terminal's part declared here
(:mod:`referee.invicta.terminal`); ``replay`` is Invicta's own.

``replay`` reads a game record (JSON) or a plain move list (one move per
line, ``#`` starts a comment, white first). The JSON it prints with
``--json`` is a contract other programs rely on::

    {"moves": 9, "to_move": "black", "winner": null, "draw": false,
     "illegal": null, "board": {"e5": {"color": "white", "kind": "hollow"}},
     "in_hand": {"white": 7, "black": 8}}

``illegal`` is ``{"move": N, "text": "e5-f6", "reason": "..."}`` (N from 1)
for the first move the rules refuse; the moves before it are applied.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import click

from referee.client.common import fail, print_json, read_text, say_error
from referee.client.house import (
    TerminalClient,
    TerminalGame,
    computers_words,
    house_rules,
    play_command,
)
from referee.client.reasons import record_error_words, refusal_text
from referee.client.safe import console, echoed, escape_invisible
from referee.client.said import Tone, typed
from referee.client.stepper import Stepper
from referee.client.table_io import EXIT_INPUT, check_summary, conclude_replay, show_taken_back
from referee.invicta.board import Side
from referee.invicta.notation import MoveListError, move_list, parse_move_list
from referee.invicta.records import GAME
from referee.invicta.registration import MISSING, REGISTRATION
from referee.invicta.replay import Illegal, replay_moves
from referee.invicta.setup import HouseRules
from referee.invicta.state import Game
from referee.invicta.terminal import InvictaRenderer, describe
from referee.invicta.words import notation_words
from referee.language.input_limits import MAX_FILE_BYTES
from referee.table.errors import RecordError
from referee.table.record import Record, from_json, parse_json, stored_summary
from referee.table.replay import replay as run_replay

HOUSE_HELP = (
    "A house rule: first=white|black, corner_cut=yes|no, corners=any|one, "
    "blocked=pass|lose (see docs/rulings.md)."
)


@click.group()
def invicta() -> None:
    """Ergo (Invicta): the five-in-a-row board game for two, refereed at the table."""


def _prompt(g: Game) -> str:
    if g.mover is None:
        return "game over> "
    return f"{g.to_move} ({g.mover})> "


TERMINAL = TerminalGame(
    REGISTRATION,
    lambda out, session, flags: InvictaRenderer(out, session),
    _prompt,
    missing=MISSING,
    prefix="invicta",
    play_help="""Referee a game at the table. Type help at the prompt for the commands.

    Moves are typed as written: e5 places a piece, e5-e6 moves one. When
    standard input is not a terminal, commands are read one per line, so a
    whole game can be scripted. The record is written after every move.
    """,
    house_help=HOUSE_HELP,
    opening=lambda renderer, record, flags: renderer.status(renderer.game),
    replay=None,  # its own: it reads move lists too
)
invicta.add_command(play_command(TERMINAL))


# ----------------------------------------------------------------- replay


def contract(game: Game, illegal: Illegal | None) -> dict:
    """The JSON ``replay --json`` prints (its keys and their order are the contract)."""
    s = game.summary()
    return {
        "moves": s["moves"],
        "to_move": s["to_move"],
        "winner": s["winner"],
        "draw": s["draw"],
        "illegal": None if illegal is None else illegal_json(illegal),
        "board": s["board"],
        "in_hand": s["in_hand"],
    }


def illegal_json(illegal: Illegal) -> dict:
    """The ``illegal`` object of ``replay --json`` (its keys are the contract)."""
    return {
        "move": illegal.move,
        "text": illegal.text,
        "reason": refusal_text(illegal.message, illegal.reason),
    }


@invicta.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--step", is_flag=True, help="Walk through the game move by move.")
@click.option("--json", "as_json", is_flag=True, help="Print the final state as JSON.")
@click.option(
    "--moves", "as_moves", is_flag=True, help="Print a record's moves as a move list, and stop."
)
@click.option("--house", multiple=True, metavar="RULE=VALUE", help=HOUSE_HELP)
def replay(file, step, as_json, as_moves, house):
    """Replay FILE, a game record or a move list, checking every move again.

    A move list has one move per line (e5 places, e5-e6 moves; # starts a
    comment), white first unless --house first=black. It is applied until it
    ends, the game ends, or a move is illegal, which is reported. Exit
    status: 0 when the file was read; 1 when it cannot be read or a line is
    not a move (the line and column are named), or when a record holds a move
    the rules refuse; 2 when a record's stored summary is not what its moves
    give today. --moves prints a record as a move list (one move a line) that
    replay reads back.
    """
    text = read_text(file, "game record or move list")
    if as_moves:
        _print_move_list(file, text)
        return
    out = console(stderr=as_json)
    interactive = sys.stdin.isatty() and not as_json
    if not text.lstrip().startswith("{") and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        fail(f"{file}: too large for a move list (the limit is 1 MiB; a game record may be 64 MiB)")
    if text.lstrip().startswith("{"):
        if house:
            fail(f"{file} is a game record, with its own house rules: drop --house")
        _replay_record(file, text, step, as_json, out, interactive)
    else:
        _replay_moves(file, text, step, as_json, out, interactive, house_rules(HouseRules, house))


def _print_move_list(file, text: str) -> None:
    if not text.lstrip().startswith("{"):
        fail(f"{file} is a move list already: --moves reads a game record")
    try:
        record = from_json(parse_json(text), GAME)
    except RecordError as exc:
        fail(f"{file}: {record_error_words(exc)}")
    setup = record.setup
    white, black = (
        escape_invisible(setup.player(Side.WHITE)),
        escape_invisible(setup.player(Side.BLACK)),
    )
    click.echo(f"# {escape_invisible(str(file))}: white {white}, black {black}")
    if setup.rules.first is not Side.WHITE:
        click.echo(f"# replay with --house first={setup.rules.first.value}")
    for move in move_list(record.events):
        click.echo(move)


def _show_step(renderer: InvictaRenderer, number: int, event, game: Game) -> None:
    renderer.watched = game
    line = renderer.marked(describe(event, game.setup), event, game)
    renderer.say(typed(f"move {number}: {line}", strong=True))
    renderer.status(game)


def _replay_moves(file, text, step, as_json, out, interactive, rules: HouseRules) -> None:
    try:
        moves = parse_move_list(text)
    except MoveListError as exc:
        words = exc.render(notation_words(exc.reason))
        say_error(echoed(f"error: {escape_invisible(str(file))}, {words}"))
        sys.exit(EXIT_INPUT)
    renderer = InvictaRenderer(out)
    events: list = []
    game, illegal = replay_moves(moves, rules, lambda number, event, game: events.append(event))
    if step:  # the moves that are legal, stepped through as a record of them
        record = Record(GAME, game.setup, tuple(events))
        stepper = Stepper(out, record, partial(_show_step, renderer), interactive)
        watched = record.new_game()
        for number, event in enumerate(events, start=1):
            watched.apply(event)
            stepper.step(number, event, watched)
    renderer.watched = game
    if as_json:
        print_json(contract(game, illegal), indent=None)
        return
    if not step:
        renderer.status(game)
    if illegal is not None:
        line = typed(
            f"Move {illegal.move} (line {illegal.line}) {illegal.text} is illegal: "
            f"{refusal_text(illegal.message, illegal.reason)}",
            Tone.BAD,
        )
        renderer.say(line)


def _replay_record(file, text, step, as_json, out, interactive) -> None:
    try:
        data = parse_json(text)
        record = from_json(data, GAME)
    except RecordError as exc:
        fail(f"{file}: {record_error_words(exc)}")
    renderer = InvictaRenderer(out)
    renderer.watched = record.new_game()
    renderer.replayed = record
    renderer.author = REGISTRATION.language().author
    if record.computers and not as_json:
        renderer.say(typed(f"The referee played {computers_words(record.computers)}."))
    stepper = Stepper(out, record, partial(_show_step, renderer), interactive)

    def on_step(s) -> None:
        renderer.watched = s.game
        if step and not s.disagreements:
            stepper.step(s.number, s.event, s.game)

    report = run_replay(record, None, on_step)
    game: Game = report.game  # type: ignore[assignment]
    renderer.watched = game
    illegal = None
    if report.stopped_at is not None:
        d = report.disagreements[-1]
        event = record.events[d.event - 1]
        illegal = Illegal(d.event, event.text, d.reason, message=str(d.today))  # type: ignore[attr-defined]
    if as_json:
        print_json(contract(game, illegal), indent=None)
    elif not step:
        renderer.status(game)
    if illegal is not None:
        fail(
            f"{file}: event {illegal.move} ({illegal.text}) is refused by the rules: "
            f"{refusal_text(illegal.message, illegal.reason)}"
        )
    if not as_json:
        show_taken_back(out, record, lambda e: describe(e, record.setup), renderer.marked)
    check_summary(file, stored_summary(data, GAME), game)
    conclude_replay(None if as_json else out, True, len(record.events), "moves")


CLIENT = TerminalClient(TERMINAL, {"invicta": invicta})
