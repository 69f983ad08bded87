"""The shared session loop: saves after every change, and Ctrl-C cancels only the command."""

from referee.palmer.commands import PalmerCommands
from referee.palmer.records import GAME
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.resources import default_deck_path
from referee.table import loop
from referee.table.record import Record
from referee.table.session import Cancelled, Declined, Quit, Session, Undone

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")


class Interrupted:
    """An engine the player interrupts with Ctrl-C while it thinks."""

    def entailment(self, *a, **k):
        raise KeyboardInterrupt

    consistency = entailment


def session(engine=None, confirm=None):
    setup = Setup(Settings(("alice", "bob"), mode="table"), HouseRules(), DECK_TEXT)
    return Session(Record(GAME, setup), PalmerCommands(engine), confirm=confirm)


def test_ctrl_c_during_a_claim_cancels_it_and_records_nothing():
    s = session(Interrupted())
    saved, shown = [], []
    lines = ["play blonde : forall x blonde(x)", "claim 1", "pass", "quit", "pass"]
    loop.run(s, lines, lambda r, g: saved.append(len(r.events)), lambda o, c: shown.append(o))
    assert isinstance(shown[1][0], Cancelled)
    assert any(isinstance(o, Quit) for o in shown[3])
    assert [e.TYPE for e in s.record.events] == ["play", "pass"]  # no claim, and quit stopped it
    assert saved == [1, 2, 2]  # after each change, and once more on quit


def test_undo_asks_a_person_first():
    asked = []
    s = session(confirm=lambda q: asked.append(q.event) or False)
    s.execute("play blonde : forall x blonde(x)")
    out = s.execute("undo")
    assert isinstance(out[0], Declined) and len(s.record.events) == 1 and asked
    s.confirm = lambda q: True
    assert isinstance(s.execute("undo")[0], Undone) and not s.record.events
