"""The session's claims when the engine cannot settle them: derivations and votes.

The engine is the real one, made to run out of time with its test hook
(workers sleep past the limit), so its verdict is a genuine "undetermined".
Cited derivation steps are checked by a second engine that can answer.
"""

import pytest
from stuck_engine import StuckEngine

from referee.logic.engine import Engine, Limits
from referee.palmer.commands import PalmerCommands, ReadError
from referee.palmer.outcomes import ClaimSettled, VoteTaken
from referee.palmer.records import GAME
from referee.palmer.refusals import Why
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.resources import default_deck_path
from referee.table.errors import Refusal
from referee.table.record import Record
from referee.table.session import Refused, Session

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")
FILES = {
    "good.drv": "1. ∀x blonde(x)   by board 1\n2. ∃x blonde(x)   by 1\n",
    "circular.drv": "1. ∃x blonde(x)   by board 2\n",
    "wrong.drv": "1. ∀x blonde(x)   by board 1\n2. ∃x happy(x)   by 1\n",
}


def read(name: str) -> str:
    if name not in FILES:
        raise ReadError(f"{name}: no such derivation file")
    return FILES[name]


class HalfStuck:
    """The claim itself hangs (undetermined); the derivation's steps get an engine that answers."""

    def __init__(self, stuck, able):
        self.stuck, self.able = stuck, able
        self.claims = 0

    def consistency(self, *a, **k):
        return self.stuck.consistency(*a, **k)

    def entailment(self, premises, goals, *, timeout=None):
        claim = self.claims == 0
        self.claims += 1
        engine = self.stuck if claim else self.able
        return engine.entailment(premises, goals, timeout=timeout if claim else 10)

    def warm(self):
        self.able.warm()

    def call(self, *args, **kwargs):
        return self.able.call(*args, **kwargs)


@pytest.fixture(scope="module")
def engine():
    with StuckEngine(5.0) as stuck, Engine(Limits(timeout=10)) as able:
        yield HalfStuck(stuck, able)


def session(engine, **rules) -> Session:
    setup = Setup(
        Settings(("alice", "bob"), mode="table"), HouseRules(**rules), DECK_TEXT, claim_timeout=0.3
    )
    engine.claims = 0
    s = Session(Record(GAME, setup), PalmerCommands(engine, read))
    for line in ("play blonde : forall x blonde(x)", "play ? : exists x blonde(x)"):
        assert not isinstance(s.execute(line)[0], Refused)
    return s


def claim(s: Session, line: str):
    s.commands.engine.claims = 0
    out = s.execute(line)
    assert isinstance(out[0], ClaimSettled), out
    return out[0].claim


def test_an_undetermined_claim_is_upheld_by_a_derivation_that_checks(engine):
    s = session(engine)
    c = claim(s, "claim 2 with good.drv")
    assert c.verdict.status == "undetermined"
    assert c.derivation.ok and c.derivation.text == FILES["good.drv"]
    assert c.outcome == "upheld" and s.game.scores["alice"] == 1
    assert [e.id for e in s.game.board] == [1]


@pytest.mark.parametrize(
    "name, backing", [("circular.drv", "rests_on_claim"), ("wrong.drv", "lines_fail")]
)
def test_a_derivation_that_does_not_back_the_claim_leaves_it_rejected(engine, name, backing):
    s = session(engine)
    c = claim(s, f"claim 2 with {name}")
    assert c.outcome == "rejected" and c.derivation.backing == backing
    assert s.game.scores["alice"] == 0 and len(s.game.board) == 2


def test_an_unreadable_derivation_refuses_the_claim_and_records_nothing(engine):
    """Defect: `claim inconsistent with nosuch.txt` was judged and recorded."""
    s = session(engine)
    before = s.record
    out = s.execute("claim inconsistent with nosuch.txt")
    assert isinstance(out[0], Refused) and "nosuch.txt" in out[0].message
    assert s.record is before and not s.game.finished


def test_the_table_votes_on_an_undetermined_claim_under_the_house_rule(engine):
    s = session(engine, vote_on_undetermined=True)
    assert claim(s, "claim 2").outcome == "vote"
    refused = s.execute("play happy : exists x happy(x)")[0]
    assert isinstance(refused, Refused) and refused.reason.why is Why.VOTE_FIRST
    assert isinstance(s.execute("vote no")[0], VoteTaken)
    assert s.record.events[-1].accepted is False
    assert s.game.scores["alice"] == 0 and s.game.player == "alice"
    s.execute("undo")
    s.execute("vote yes")
    assert s.game.scores["alice"] == 1
    assert [e.TYPE for e in s.record.events] == ["play", "play", "claim", "vote"]


def test_without_the_house_rule_an_undetermined_claim_is_simply_not_upheld(engine):
    s = session(engine)
    assert claim(s, "claim 2").outcome == "rejected" and s.game.pending is None
    out = s.execute("vote yes")[0]
    assert isinstance(out, Refused) and out.reason == Refusal(Why.NO_VOTE)


def test_hand_in_table_mode_is_refused_with_palmers_reason(engine):
    out = session(engine).execute("hand")[0]
    assert isinstance(out, Refused) and out.reason == Refusal(Why.HANDS_ON_THE_TABLE)


def test_why_shows_the_derivation_a_claim_was_backed_with_and_what_it_used(engine):
    """`why` of `claim 2 with FILE` showed only the referee's evidence (issue 35)."""
    import io

    from rich.console import Console

    from referee.palmer.outcomes import Why as WhyShown
    from referee.palmer.terminal import PalmerRenderer

    s = session(engine)
    claim(s, "claim 2 with good.drv")
    (shown,) = s.execute("why")
    assert isinstance(shown, WhyShown) and shown.settled.offered_uses == (1,)
    buffer = io.StringIO()
    PalmerRenderer(Console(file=buffer, width=80), s).show((shown,), False)
    said = buffer.getvalue()
    assert "alice's derivation good.drv: checks, and proves the claim; it uses #1" in said
    assert "1. ∀x blonde(x)   by board 1" in said and "2. ∃x blonde(x)   by 1" in said
    s = session(engine)
    claim(s, "claim 2 with circular.drv")  # rests on the claimed statement itself
    (shown,) = s.execute("why")
    assert shown.settled.offered_uses == (2,)
