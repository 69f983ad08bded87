"""The session's claims when the engine cannot settle them: derivations and votes.

The engine is the real one, made to run out of time with its test hook
(workers sleep past the limit), so its verdict is a genuine "undetermined".
"""

import functools

import pytest

from referee.game.derivations import check_claim_derivation
from referee.game.record import Record
from referee.game.rules import HouseRules, Settings
from referee.game.session import Session
from referee.logic.engine import Engine, Limits
from referee.resources import default_deck_path

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")
FILES = {
    "good.drv": "1. ∀x blonde(x)   by board 1\n2. ∃x blonde(x)   by 1\n",
    "circular.drv": "1. ∃x blonde(x)   by board 2\n",
    "wrong.drv": "1. ∀x blonde(x)   by board 1\n2. ∃x happy(x)   by 1\n",
}


@pytest.fixture(scope="module")
def engines():
    stuck = Engine(Limits(timeout=0.3, hang_for_testing=5.0))
    able = Engine(Limits(timeout=10))
    yield stuck, able
    able.close()


def session(engines, **rules) -> Session:
    stuck, able = engines
    record = Record(Settings(("alice", "bob"), mode="table"), HouseRules(**rules), DECK_TEXT)
    s = Session(
        record,
        stuck,
        derivation_checker=functools.partial(check_claim_derivation, engine=able),
        read_text=FILES.__getitem__,
    )
    for line in ("play blonde : forall x blonde(x)", "play ? : exists x blonde(x)"):
        assert s.execute(line).error is None
    return s


def test_an_undetermined_claim_is_upheld_by_a_derivation_that_checks(engines):
    s = session(engines)
    out = s.execute("claim 2 with good.drv")
    assert out.error is None
    event = out.event
    assert event["verdict"]["status"] == "undetermined"
    assert event["derivation"]["ok"] and event["derivation"]["text"] == FILES["good.drv"]
    assert event["outcome"] == "upheld" and s.game.scores["alice"] == 1
    assert [e.id for e in s.game.board] == [1]


@pytest.mark.parametrize(
    "name, why", [("circular.drv", "rests on #2"), ("wrong.drv", "do not check")]
)
def test_a_derivation_that_does_not_back_the_claim_leaves_it_rejected(engines, name, why):
    s = session(engines)
    out = s.execute(f"claim 2 with {name}")
    assert out.event["outcome"] == "rejected"
    assert why in out.event["derivation"]["message"]
    assert s.game.scores["alice"] == 0 and len(s.game.board) == 2


def test_the_table_votes_on_an_undetermined_claim_under_the_house_rule(engines):
    s = session(engines, vote_on_undetermined=True)
    assert s.execute("claim 2").event["outcome"] == "vote"
    assert "vote" in s.execute("play happy : exists x happy(x)").error
    assert s.execute("vote no").event == {"type": "vote", "accepted": False}
    assert s.game.scores["alice"] == 0 and s.game.player == "alice"
    s.execute("undo")
    s.execute("vote yes")
    assert s.game.scores["alice"] == 1
    assert [e["type"] for e in s.record.events] == ["play", "play", "claim", "vote"]


def test_without_the_house_rule_an_undetermined_claim_is_simply_not_upheld(engines):
    s = session(engines)
    out = s.execute("claim 2")
    assert out.event["outcome"] == "rejected" and s.game.pending is None
    assert s.execute("vote yes").error == "there is no undetermined claim to vote on"
