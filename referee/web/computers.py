"""The seats the referee plays itself at the web table (``serve --bots``, a club's tables).

A computer seat is fed its seat's view exactly as its page would get it (the
table's snapshot: :meth:`WebTable.view`) and says its line through the same
door a phone's line goes through (:meth:`WebTable.command`), so it sees and
may do no more than a player in that seat. It is asked from a thread of its
own, never holding the table, and a player that thinks does so apart
(``GameRegistration.player_apart``, :mod:`referee.table.apart`: a process of
its own at ``serve``, the club's bounded pool at a club), never holding the
server's interpreter: pages are served and phones move meanwhile at full
speed. It ponders between its turns only while the table carries out no
command. A seat whose player was given up (its process died, or was too late)
is played at level 0 from then on, and every page is told so.
"""

from __future__ import annotations

import contextlib
import threading

from referee.table.apart import Stopped, Why
from referee.table.computer import ComputerSeats
from referee.web.pools import Pools
from referee.web.table import WebTable


class ComputerRunner:
    """The computer seats of one table, in a thread of their own; ``pools``: what a
    club's tables share (the engine a player asks, and whose turn it is to think)."""

    def __init__(self, table: WebTable, seats: ComputerSeats, pools: Pools | None = None) -> None:
        self.table = table
        self.seats = seats
        self.pools = pools
        self.wake = threading.Event()
        self.stopped = False
        self.thread = threading.Thread(target=self._run, name="computer seats", daemon=True)

    def start(self) -> None:
        self.table.listeners.append(self._heard)
        self.wake.set()  # a computer may be first to move
        self.thread.start()

    def stop(self) -> None:
        self.stopped = True
        self.wake.set()
        self.thread.join(10)
        self.seats.close()

    def _ponder(self) -> None:
        """Nothing to say: think about the board until the table moves on, but never while
        it carries out a command (a person's claim is settled without a computer's
        questions beside it); resumed once the command is done, if nothing changed."""

        def stale() -> bool:
            return self.stopped or self.table.running or self._stale()

        while not self.stopped and not self.wake.is_set():
            if self.table.running:
                self.wake.wait(0.05)
                continue
            try:
                self.seats.ponder(self.table.view, stale)
            except Exception:  # a player's fault: that seat is played no more
                self.seats.close()
                return
            self._tell_lost()
            if not self.table.running:
                return  # it pondered all it would, the table moved on, or another seat's turn

    def _heard(self, what: str) -> None:
        if what == "changed":
            self.wake.set()

    def _run(self) -> None:
        within = self.pools.for_background() if self.pools else contextlib.nullcontext()
        with within:
            self._turns()

    def _stale(self) -> bool:
        """The table moved on (a seat thinking apart also stops when another seat waits
        for its process: :mod:`referee.table.apart`)."""
        return self.wake.is_set()

    def _tell_lost(self) -> None:
        """Every page told of each seat whose player was given up since."""
        while self.seats.lost:
            seat, stopped = self.seats.lost.pop(0)
            self.table.note((lost_words(seat, stopped),))

    def _turns(self) -> None:
        while not self.stopped:
            self.wake.wait()
            self.wake.clear()
            while not self.stopped:
                version = self.table.snapshot.version
                try:
                    said = self.seats.next_line(self.table.view)
                except Exception:  # a player's fault: that seat is played no more
                    said = None
                    self.seats.close()
                self._tell_lost()
                if said is None:
                    self._ponder()
                    break
                seat, line = said
                answer = self.table.command(seat, line)
                moved_meanwhile = not answer.ok and self.table.snapshot.version != version + (
                    1 if answer.changed else 0
                )
                if not moved_meanwhile:  # a line overtaken by another seat's move is no fault
                    self.seats.answered(seat, answer.ok)


LOST = {
    Why.DIED: "its process ended",
    Why.LATE: "it did not answer within {detail}",
    Why.FAILED: "it failed ({detail})",
}


def lost_words(seat: str, stopped: Stopped) -> str:
    """What every page is told of a computer seat whose player was given up."""
    why = LOST[stopped.why].format(detail=stopped.detail)
    return f"{seat}'s computer player was stopped: {why}. {seat} plays random legal moves now."
