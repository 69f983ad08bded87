"""Whatever a table types, the session answers with an outcome, never an exception,
and the game it holds is always the one its record rebuilds to."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.client.reasons import refusal_text
from referee.logic.engine import Engine, Limits
from referee.palmer import words  # noqa: F401 - Palmer's words registered, as every client has them
from referee.palmer.commands import PalmerCommands, ReadError
from referee.palmer.records import GAME
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.resources import default_deck_path
from referee.table.record import Record, dumps, loads
from referee.table.refusals import Why
from referee.table.session import Outcome, Refused, Session

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")

WORDS = [
    "play",
    "negate",
    "claim",
    "vote",
    "pass",
    "undo",
    "end",
    "board",
    "hand",
    "scores",
    "cards",
    "rules",
    "help",
    "save",
    "p",
    "c",
    "inconsistent",
    "with",
    "yes",
    "no",
    "blonde",
    "happy",
    "likes",
    "smarter",
    "father",
    "+",
    "AE",
    "U",
    "A",
    "E",
    "S3",
    "S12",
    "S14",
    "?",
    "¬",
    "n=3",
    "n=0",
    ":",
    "1",
    "2",
    "3",
    "0",
    "-1",
    "99",
    "nofile.drv",
    "forall x blonde(x)",
    "exists! x blonde(x) | b := x",
    "∀x ∃y likes(x, y)",
    "∀x smarter(father(x), x)",
    "∀x ∀y ¬smarter(x, y)",
    "|L| < 2",
    "happy(b)",
    "(",
    "#",
    "[/oops]",
    "[bold]x",
    "\x1b]0;title\x07",
    "why",
    "model",
]


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=0.5)) as e:
        yield e


def read(path: str) -> str:
    raise ReadError(f"{path}: no such file")


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(["table", "dealt"]),
    st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join), max_size=10),
)
def test_any_command_sequence_is_answered_cleanly(engine, mode, lines):
    setup = Setup(
        Settings(("alice", "bob"), mode=mode, seed=1), HouseRules(), DECK_TEXT, claim_timeout=0.5
    )
    session = Session(Record(GAME, setup), PalmerCommands(engine, read))
    for line in lines:
        outcomes = session.execute(line)
        assert all(isinstance(o, Outcome) for o in outcomes)
        assert all(
            refusal_text(o.message, o.reason).strip() for o in outcomes if isinstance(o, Refused)
        )
        assert session.game.summary() == session.record.rebuild().summary()
    # ... and the record it keeps reads back as the same game
    _, again = loads(dumps(session.record, session.game), GAME)
    assert again.summary() == session.game.summary()


@pytest.mark.parametrize("line", ["resolve x", "submit 1", "negate_card", "_play x", "settle"])
def test_a_helpers_name_is_not_a_command(engine, line):
    """Defect: `resolve x` reached a private helper of the command reader (a traceback)."""
    setup = Setup(Settings(("alice", "bob"), mode="table"), HouseRules(), DECK_TEXT)
    session = Session(Record(GAME, setup), PalmerCommands(engine, read))
    out = session.execute(line)
    assert isinstance(out[0], Refused) and out[0].reason.why is Why.UNKNOWN_COMMAND
