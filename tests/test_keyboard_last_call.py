"""At one keyboard a computer's ``end`` is not the game's end: the people decide, and
every other computer is still asked (Cogito's last call: a later computer may yet
declare COGITO; the loop used to stop at the first computer's ``end``)."""

from __future__ import annotations

import io

from cogito_helpers import rigged

from referee.client.house import ComputerTurns
from referee.client.safe import TableConsole
from referee.cogito.registration import REGISTRATION
from referee.table import loop
from referee.table.computer import ComputerSeats
from referee.table.record import Record
from referee.table.session import Session


class Says:
    """A computer player that says the first of its legal lines starting with ``word``."""

    def __init__(self, word: str) -> None:
        self.word, self.asked = word, 0

    def choose(self, view):
        self.asked += 1
        lines = [line for line in view["you"]["legal"] if line.startswith(self.word)]
        return lines[0] if lines else None

    def close(self) -> None:
        pass


def test_a_computers_end_at_the_last_call_leaves_the_others_asked():
    game = rigged(
        {"ann": "Oak", "bob": "Salmon", "cy": "Moss"},
        {"ann": ["Plant"], "bob": ["Tulip"], "cy": ["Bird"]},
        [],
    )
    session = Session(Record(REGISTRATION.kind, game.setup), REGISTRATION.commands(), game)
    for seat, line in (("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1")):
        session.execute(line, seat)
    assert session.game.phase.value == "last_call"
    ender, guesser = Says("end"), Says("cogito")
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    renderer = REGISTRATION.terminal().game.renderer(out, session, {})
    turns = ComputerTurns(
        session, REGISTRATION, ComputerSeats({"bob": ender, "cy": guesser}), renderer
    )
    loop.run(session, turns.lines(iter([])), lambda r, g: None, turns.show(renderer.show))
    shown = out.file.getvalue()
    assert ender.asked and guesser.asked  # cy was asked after bob would have ended
    assert "cy (computer)> cogito cy" in shown
    assert "bob (computer)> end" not in shown  # the person at the keyboard ends it
    assert not session.game.finished  # ann still has her say
