"""The session loop every game's ``play`` runs: read, execute, keep the record, show.

The loop owns the order that makes a crash lose nothing: the record is
saved after every command that changed it, before its outcomes are shown.
Reading lines, saving and showing are the caller's (the interface's)
functions; Ctrl-C while a command runs cancels that command, and nothing
of it is recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from referee.table.record import GameState, Record
from referee.table.session import Cancelled, Outcomes, Quit, Saved, Session


def run(
    session: Session,
    lines: Iterable[str | tuple[str, str]],
    save: Callable[[Record, GameState], None],
    show: Callable[[Outcomes, bool], None],
    seat: str | None = None,
    keep: Callable[[Record, GameState], None] | None = None,
) -> None:
    """Play ``lines`` (said by ``seat``; None: the shared terminal) until they end or a
    command quits. A ``(line, seat)`` pair is said by that seat (a computer player's).

    ``show(outcomes, changed)``: ``changed`` says whether the record moved
    (so the interface can redraw the table). ``keep(record, game)``: a game a rematch
    finished with (the table went on to the next match), kept before the new record
    is saved over it (without ``keep``, the record's file holds the latest match only).
    """
    for item in lines:
        line, said_by = (item, seat) if isinstance(item, str) else item
        before, game_before = session.record, session.game
        try:
            outcomes = session.execute(line, said_by)
        except KeyboardInterrupt:
            session.record = before
            session.game = before.rebuild()
            outcomes = (Cancelled(),)
        changed = session.record is not before
        if changed and keep is not None and session.record.match != before.match:
            keep(before, game_before)
        if changed or any(isinstance(o, Saved) for o in outcomes):
            save(session.record, session.game)
        show(outcomes, changed)
        if any(isinstance(o, Quit) for o in outcomes):
            return
