"""``referee play`` and ``referee replay``: Palmer's game at the table, and re-refereeing it.

The game is :mod:`referee.palmer` on the shared machinery of
:mod:`referee.table`; this module reads the options, opens the record, and
hands the loop its lines and its renderer (:mod:`referee.cli.palmer_render`).
"""

from __future__ import annotations

import datetime as _dt
import json
import secrets
import sys
from pathlib import Path

import click

from referee.cli.common import Seconds, deck_option, fail, read_text
from referee.cli.palmer_render import PalmerRenderer, describe
from referee.cli.safe import console, user
from referee.cli.table_io import (
    check_summary,
    conclude_replay,
    disagreement_text,
    play_session,
    read_record,
    refuse_new_settings,
    refused_event,
    resume_record,
    show_taken_back,
    start_record,
)
from referee.palmer.commands import PalmerCommands, ReadError
from referee.palmer.records import GAME
from referee.palmer.setup import (
    DEFAULT_CLAIM_TIMEOUT,
    MAX_CLAIM_TIMEOUT,
    HouseRules,
    RulesError,
    Settings,
    Setup,
)
from referee.resources import default_deck_path
from referee.table.errors import RecordError
from referee.table.record import Record
from referee.table.session import Session

timeout_range = Seconds(0.05, MAX_CLAIM_TIMEOUT)


def derivation_reader(path: str) -> str:
    """Read a derivation file a claim names; ReadError (nothing claimed) if it cannot be."""
    from click import ClickException

    try:
        return read_text(Path(path), "derivation file")
    except ClickException as exc:
        raise ReadError(exc.format_message()) from None


@click.command()
@click.option("--players", help="Player names in turn order, comma-separated: alice,bob,carol.")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The game record: resumed if it exists, created if not (default: game-DATE.json).",
)
@click.option("--hand-size", "-n", type=int, default=None, help="Cards in a hand (default 3).")
@click.option("--win", "-w", "win_score", type=int, default=None, help="Points to win (default 3).")
@click.option(
    "--mode",
    type=click.Choice(["dealt", "table"]),
    default=None,
    help="dealt: the referee shuffles and deals on screen (default); "
    "table: a printed deck, players say which cards they played.",
)
@click.option("--seed", type=int, default=None, help="The shuffle (default: random).")
@click.option(
    "--house",
    multiple=True,
    metavar="RULE=VALUE",
    help="A house rule, e.g. keep_redundant=yes, vote_on_undetermined=yes (see docs/rulings.md).",
)
@click.option(
    "--timeout",
    type=timeout_range,
    default=None,
    help=f"Seconds the referee may take per claim (default {DEFAULT_CLAIM_TIMEOUT:g}); "
    "kept in the record.",
)
@deck_option
def play(players, record_path, hand_size, win_score, mode, seed, house, timeout, deck_path):
    """Referee a game at the table. Type help at the prompt for the commands.

    When standard input is not a terminal, commands are read one per line, so
    a whole game can be scripted. The record is written after every event.
    """
    out = console()
    if record_path is not None and record_path.exists():
        refuse_new_settings(
            record_path,
            {
                "--players": players,
                "--hand-size": hand_size,
                "--win": win_score,
                "--mode": mode,
                "--seed": seed,
                "--deck": deck_path,
                "--timeout": timeout,
                "--house": house,
            },
        )
        store, record, game = resume_record(record_path, GAME)
        out.print(
            user(
                f"Resuming {record_path}: {len(record.events)} events so far "
                f"(claim time limit {record.setup.claim_timeout:g} s)."
            )
        )
    else:
        record, game = _new_record(
            players, hand_size, win_score, mode, seed, house, timeout, deck_path
        )
        store, record_path = start_record(record_path, "game")
        out.print(user(f"New game recorded in {record_path}. Type help for the commands."))

    from referee.logic.engine import Engine, Limits

    interactive = sys.stdin.isatty()
    with store, Engine(Limits(timeout=record.setup.claim_timeout)) as engine:
        engine.warm()  # the first claim's limit is for the claim, not for starting workers
        session = Session(record, PalmerCommands(engine, derivation_reader), game)
        renderer = PalmerRenderer(out, session)
        if interactive:
            session.confirm = renderer.confirm_undo
        renderer.status(session.game)

        def prompt() -> str:
            g = session.game
            return "game over> " if g.finished else f"{g.player}> "

        play_session(session, store, renderer, prompt, interactive)
    out.print(user(f"Record: {record_path}"))


def _new_record(players, hand_size, win_score, mode, seed, house, timeout, deck_path):
    if not players:
        fail("name the players: referee play --players alice,bob")
    deck_file = deck_path or default_deck_path()
    deck_text = read_text(deck_file, "deck file")
    rules = HouseRules()
    try:
        for switch in house:
            rules = rules.with_switch(switch)
        settings = Settings(
            tuple(p.strip() for p in players.split(",") if p.strip()),
            hand_size if hand_size is not None else 3,
            win_score if win_score is not None else 3,
            mode or "dealt",
            seed if seed is not None else secrets.randbelow(2**31),
        )
        setup = Setup(
            settings,
            rules,
            deck_text,
            Path(deck_file).name,
            timeout if timeout is not None else DEFAULT_CLAIM_TIMEOUT,
        )
        setup.check_new()
    except RulesError as exc:
        fail(f"{exc.field}: {exc.message}")
    now = _dt.datetime.now().astimezone()
    record = Record(GAME, setup, (), now.isoformat(timespec="seconds"))
    try:
        game = record.rebuild()
    except RecordError as exc:
        fail(str(exc))
    except Exception as exc:  # a deck that does not load
        fail(f"{deck_file}: {exc}")
    return record, game


# ----------------------------------------------------------------- replay


@click.command()
@click.argument("record_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--step", is_flag=True, help="Walk through the game event by event.")
@click.option("--json", "as_json", is_flag=True, help="Print the final state as JSON.")
def replay(record_file, step, as_json):
    """Re-referee every event of RECORD_FILE and report where today's referee disagrees.

    Claims are settled again under the time limit the record keeps. Exit
    status: 0 when today's referee agrees with the whole record, 2 when it
    settles a claim differently, 1 when the record cannot be read or rebuilt
    (a malformed event, or a move today's rules refuse).
    """
    from referee.logic.engine import Engine, Limits
    from referee.palmer.replay import examiner
    from referee.table.replay import replay as run_replay

    record, stored = read_record(record_file, GAME)
    out = console(stderr=as_json)
    renderer = PalmerRenderer(out)
    interactive = sys.stdin.isatty() and not as_json

    def on_step(s) -> None:
        for d in s.disagreements:
            if not d.refused:
                out.print(user(disagreement_text(d), "red"))
        if not step:
            return
        out.print(user(f"event {s.number}: ") + user(describe(s.event)))
        renderer.board(s.game)
        renderer.scores(s.game)
        if interactive:
            click.pause("(press a key for the next event)")

    limits = Limits(timeout=record.setup.claim_timeout, minimise=False)
    with Engine(limits) as engine:
        report = run_replay(record, examiner(engine), on_step)
    game = report.game
    refused_event(record_file, report)
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        renderer.board(game)
        renderer.scores(game)
        if game.finished:
            who = f"{game.winner} wins" if game.winner else "a draw"
            out.print(user(f"Game over: {who}."))
        else:
            out.print(user(f"Unfinished: {game.player} to play (turn {game.turn})."))
        show_taken_back(out, record, describe)
    check_summary(record_file, stored, game)
    shown = None if as_json else out
    conclude_replay(shown, report.agrees, len(record.events), "events", len(report.disagreements))
