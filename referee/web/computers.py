"""The seats the referee plays itself at the web table (``serve --bots``).

A computer seat is fed its seat's view exactly as its page would get it (the
table's snapshot: :meth:`WebTable.view`) and says its line through the same
door a phone's line goes through (:meth:`WebTable.command`), so it sees and
may do no more than a player in that seat. It is asked from a thread of its
own, never holding the table, and a player that thinks does so in a process
of its own (``GameRegistration.player_apart``), never holding the server's
interpreter: pages are served and phones move meanwhile at full speed. It
ponders between its turns only while the table carries out no command.
"""

from __future__ import annotations

import threading

from referee.table.computer import ComputerSeats
from referee.web.table import WebTable


class ComputerRunner:
    def __init__(self, table: WebTable, seats: ComputerSeats) -> None:
        self.table = table
        self.seats = seats
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
            return self.stopped or self.wake.is_set() or self.table.running

        while not self.stopped and not self.wake.is_set():
            if self.table.running:
                self.wake.wait(0.05)
                continue
            try:
                self.seats.ponder(self.table.view, stale)
            except Exception:  # a player's fault: that seat is played no more
                self.seats.close()
                return
            if not self.table.running:
                return  # it pondered all it would, or the table moved on

    def _heard(self, what: str) -> None:
        if what == "changed":
            self.wake.set()

    def _run(self) -> None:
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
