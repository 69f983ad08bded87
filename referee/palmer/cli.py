"""``referee play`` and ``referee replay``: Palmer's game at the table, and re-refereeing it.

The game is :mod:`referee.palmer.registration`; both commands are built by
:mod:`referee.client.house` from it and from the terminal's part declared here
(:mod:`referee.palmer.terminal`, the prompt, the engine a session and a
replay settle claims with).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from referee.client.common import read_text
from referee.client.house import (
    Replay,
    TerminalClient,
    TerminalGame,
    mover_prompt,
    play_command,
    replay_command,
)
from referee.client.keys import ask
from referee.client.said import typed
from referee.palmer.commands import ReadError
from referee.palmer.registration import REGISTRATION
from referee.palmer.terminal import PalmerRenderer, describe


def _opening(renderer: PalmerRenderer, record, flags) -> None:
    """The state of the game; at a keyboard, ``end`` asks first, as Ergo's does."""
    renderer.status(renderer.game)
    session = renderer.session
    if session is not None and session.confirm is not None:  # a person at the keyboard
        session.commands.confirm_end = lambda: ask(  # type: ignore[attr-defined]
            renderer.out, "End the game here (most points wins)?"
        )


def derivation_reader(path: str) -> str:
    """Read a derivation file a claim names; ReadError (nothing claimed) if it cannot be."""
    from click import ClickException

    try:
        return read_text(Path(path), "derivation file")
    except ClickException as exc:
        raise ReadError(exc.format_message()) from None


@contextlib.contextmanager
def _engine(record):
    """The engine that settles claims, under the time limit the record keeps."""
    from referee.logic.engine import Engine, Limits

    with Engine(Limits(timeout=record.setup.claim_timeout)) as engine:
        engine.warm()  # the first claim's limit is for the claim, not for starting workers
        yield {"engine": engine}


@contextlib.contextmanager
def _examiner(record):
    """Every claim settled again by today's engine, under the recorded time limit."""
    from referee.logic.engine import Engine, Limits
    from referee.palmer.replay import examiner

    with Engine(Limits(timeout=record.setup.claim_timeout, minimise=False)) as engine:
        yield examiner(engine)


def _prompt(g) -> str:
    return "vote> " if g.pending is not None and not g.finished else mover_prompt(g)


def _step(renderer: PalmerRenderer, s) -> None:
    line = renderer.marked(describe(s.event), s.event, s.game)
    renderer.say(typed(f"event {s.number}: ") + typed(line))
    renderer.board(s.game)
    renderer.scores(s.game)


def _final(renderer: PalmerRenderer, report, record) -> None:
    game = report.game
    renderer.board(game)
    renderer.scores(game)
    if game.finished:
        who = f"{game.winner} wins" if game.winner else "a draw"
        renderer.say(typed(f"Game over: {who}."))
    else:
        renderer.say(typed(f"Unfinished: {game.player} to play (turn {game.turn})."))


TERMINAL = TerminalGame(
    REGISTRATION,
    lambda out, session, flags: PalmerRenderer(out, session),
    _prompt,
    missing="name the players: referee play --players alice,bob",
    prefix="game",
    play_help="""Referee a game at the table. Type help at the prompt for the commands.

    When standard input is not a terminal, commands are read one per line, so
    a whole game can be scripted. The record is written after every event.
    """,
    house_help="A house rule, e.g. keep_redundant=yes, vote_on_undetermined=yes "
    "(see docs/rulings.md).",
    services=_engine,
    keyboard={"read_text": derivation_reader},  # `claim N with FILE`: the keyboard's alone
    opening=_opening,
    resumed=lambda record: f" (claim time limit {record.setup.claim_timeout:g} s)",
    replay=Replay(
        help="""Re-referee every event of RECORD_FILE and report where today's referee disagrees.

    Claims are settled again under the time limit the record keeps. Exit
    status: 0 when today's referee agrees with the whole record, 2 when it
    settles a claim differently, 1 when the record cannot be read or rebuilt
    (a malformed event, or a move today's rules refuse).
    """,
        examiner=_examiner,
        step=_step,
        final=_final,
    ),
)
play = play_command(TERMINAL)
replay = replay_command(TERMINAL)
CLIENT = TerminalClient(TERMINAL, {"play": play, "replay": replay})
