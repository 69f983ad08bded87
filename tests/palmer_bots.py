"""Palmer matches between computer players, as the table would run them: each player is
given its seat's view as JSON (what ``GET SEAT_URL/view`` sends) and its line is said
through the session as that seat. Shared by tests/test_palmer_player.py and
benchmarks/bots_palmer.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from referee.language import ast
from referee.palmer.commands import PalmerCommands
from referee.palmer.records import GAME
from referee.palmer.registration import REGISTRATION
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.resources import default_deck_path
from referee.table.computer import ComputerPlayer
from referee.table.record import Record
from referee.table.session import Outcomes, Session

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


@dataclass(frozen=True)
class Said:
    """One line a player said, and what the table made of it."""

    seat: str
    turn: int  # the game's turn number when it was said
    line: str
    seconds: float  # the player's think time
    before: tuple[ast.Formula, ...]  # the board's statements before the line
    after: tuple[ast.Formula, ...]
    outcomes: Outcomes


def new_session(engine, players=("ann", "bob"), seed=1, claim_timeout=2.0, **rules) -> Session:
    setup = Setup(
        Settings(players, seed=seed), HouseRules(**rules), DECK_TEXT, claim_timeout=claim_timeout
    )
    return Session(Record(GAME, setup), PalmerCommands(engine))


def speaker(session: Session) -> str:
    """Whose line the table waits for: the player to move, or a voter."""
    game = session.game
    if game.pending is not None:
        return next(p for p in game.players if p != game.pending.player)
    return game.player


def board_of(session: Session) -> tuple[ast.Formula, ...]:
    return tuple(e.statement.asserted for e in session.game.board)


def play_match(
    session: Session,
    players: Mapping[str, ComputerPlayer],
    max_lines: int = 40,
    observe: Callable[[Said], None] | None = None,
    before: Callable[[Session, str], None] | None = None,
) -> list[Said]:
    """Let the players play until the game ends, one has nothing to say, or
    ``max_lines`` lines were said (``before``: told each seat about to choose)."""
    said: list[Said] = []
    while not session.game.finished and len(said) < max_lines:
        seat = speaker(session)
        if before is not None:
            before(session, seat)
        view = json.loads(json.dumps(seat_view(session.game, seat)))  # as the wire sends it
        start = time.monotonic()
        line = players[seat].choose(view)
        seconds = time.monotonic() - start
        if line is None:
            break
        turn, board = session.game.turn, board_of(session)
        outcomes = session.execute(line, seat)
        entry = Said(seat, turn, line, seconds, board, board_of(session), outcomes)
        said.append(entry)
        if observe is not None:
            observe(entry)
    return said
