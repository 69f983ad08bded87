"""Whatever a table types, the session answers with an outcome, never an exception,
and the game it holds is always the one its record rebuilds to."""

import functools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.game.derivations import check_claim_derivation
from referee.game.record import Record
from referee.game.rules import HouseRules, Settings
from referee.game.session import Session
from referee.logic.engine import Engine, Limits
from referee.resources import default_deck_path

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
]


@pytest.fixture(scope="module")
def engine():
    yield Engine(Limits(timeout=0.5))


def read(path: str) -> str:
    return Path("/nonexistent", path).read_text(encoding="utf-8")


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(["table", "dealt"]),
    st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join), max_size=10),
)
def test_any_command_sequence_is_answered_cleanly(engine, mode, lines):
    record = Record(Settings(("alice", "bob"), mode=mode, seed=1), HouseRules(), DECK_TEXT)
    session = Session(
        record,
        engine,
        derivation_checker=functools.partial(check_claim_derivation, engine=engine),
        read_text=read,
    )
    for line in lines:
        outcome = session.execute(line)
        assert outcome.error is None or outcome.error.strip()
        assert session.game.summary() == session.record.rebuild().summary()
