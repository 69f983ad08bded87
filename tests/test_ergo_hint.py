"""The hint (house rule hints): every view, and the hint command, say what the Proof proves."""

import io

from rich.console import Console
from test_ergo_legal import session

from referee.ergo.outcomes import Proves
from referee.ergo.refusals import Why
from referee.ergo.setup import Mode
from referee.ergo.terminal import ErgoRenderer
from referee.ergo.views import seat_view
from referee.table.session import Refused


def test_off_by_default():
    s = session(2, 1)
    assert "proves" not in seat_view(s.game, None)
    (out,) = s.execute("hint")
    assert isinstance(out, Refused) and out.reason.why == Why.HINTS_OFF


def test_every_view_shows_what_the_proof_proves():
    s = session(2, 1, Mode.TABLE, hints="yes")
    assert not [o for o in s.execute("play A") if isinstance(o, Refused)]
    want = {
        "well_formed": True,
        "cards": 1,
        "paradox": False,
        "proven": ["A"],
        "disproven": [],
        "undecided": ["B", "C", "D"],
    }
    for seat in (None, *s.game.players):
        assert seat_view(s.game, seat)["proves"] == want
    (out,) = s.execute("hint")
    assert out == Proves(True, 1, False, ("A",), (), ("B", "C", "D"))
    console = Console(file=io.StringIO(), width=80)
    ErgoRenderer(console).show((out,), changed=False)
    assert "proves A true; leaves B, C, D unproven" in console.file.getvalue()
