"""The hint and the ruling agree (issue 35): a statement ``hint`` lists as redundant is
upheld when claimed, by the very proof that made the hint list it, even when the claim's
own question would come out open on a busy machine; a proof is used only for exactly that
claim on exactly that board; an open claim's headline says NOT SETTLED, never REJECTED;
replay finds such a claim again from the premises its proof used."""

from __future__ import annotations

import io

import pytest

from referee.client.safe import TableConsole
from referee.logic.engine import Engine, Limits, Status, Verdict
from referee.logic.evidence import Evidence, Method
from referee.palmer import claims
from referee.palmer.commands import PalmerCommands
from referee.palmer.events import Claim, ClaimOutcome
from referee.palmer.outcomes import ClaimSettled, Hinted
from referee.palmer.records import GAME
from referee.palmer.setup import HouseRules, Mode, Settings, Setup
from referee.palmer.terminal import PalmerRenderer
from referee.resources import default_deck_path
from referee.table.record import Record
from referee.table.session import Refused, Session

DECK = default_deck_path().read_text(encoding="utf-8")
LIMIT = 2.0
OPEN = Verdict(Status.UNDETERMINED, Evidence(Method.NONE))


class Busy:
    """The engine on a busy machine: every question of ``at_least`` premises or more is
    left open (as a claim's whole-board question may be); smaller ones are asked."""

    def __init__(self, engine: Engine, at_least: int = 0) -> None:
        self.engine, self.at_least = engine, at_least

    def consistency(self, formulas, *, timeout=None):
        if len(formulas) >= self.at_least:
            return OPEN
        return self.engine.consistency(formulas, timeout=timeout)

    def entailment(self, premises, goals, *, timeout=None):
        if len(premises) >= self.at_least:
            return OPEN
        return self.engine.entailment(premises, goals, timeout=timeout)

    def call(self, function, *args, timeout, **kwargs):
        return None  # no derivation written: not what is tested here


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=LIMIT)) as engine:
        engine.warm()
        yield engine


def session(engine, *lines: str) -> Session:
    setup = Setup(
        Settings(("ann", "bob"), mode=Mode.TABLE), HouseRules(hints=True), DECK, claim_timeout=LIMIT
    )
    s = Session(Record(GAME, setup), PalmerCommands(engine), GAME.new_game(setup))
    for line in lines:
        assert not any(isinstance(o, Refused) for o in s.execute(line)), line
    return s


def claimed(s: Session, line: str) -> Claim:
    (settled,) = [o for o in s.execute(line) if isinstance(o, ClaimSettled)]
    return settled.claim


def hinted(s: Session):
    (shown,) = s.execute("hint")
    assert isinstance(shown, Hinted)
    return shown.claimable


GROWS = ("play happy : ∀x happy(x)", "play blonde : ∃x blonde(x)", "play happy : ∃x happy(x)")


def test_a_statement_the_hint_lists_is_upheld_by_the_hints_proof(engine):
    s = session(engine, *GROWS)
    assert 3 in hinted(s).redundant
    s.commands.engine = Busy(engine)  # the claim's own question would be left open now
    claim = claimed(s, "claim 3")
    assert claim.outcome == ClaimOutcome.UPHELD and claim.verdict.status == Status.ENTAILED
    assert [claim.premises[i] for i in claim.verdict.evidence.used] == [1]  # ∀x happy(x)


def test_a_redundancy_shown_by_a_clash_is_upheld_by_it(engine):
    s = session(
        engine,
        "play happy : ∀x happy(x)",
        "play blonde : ∃x blonde(x)",
        "play blonde happy : ∀x (blonde(x) → ¬happy(x))",
        "play likes : ∃x ∃y likes(x, y)",
    )
    assert 4 in hinted(s).redundant
    s.commands.engine = Busy(engine)
    claim = claimed(s, "claim 4")
    assert claim.outcome == ClaimOutcome.UPHELD and claim.verdict.evidence.premises_clash
    assert sorted(claim.premises[i] for i in claim.verdict.evidence.used) == [1, 2, 3]
    s.commands.engine = Busy(engine)
    assert claimed(s, "claim inconsistent").verdict.status == Status.INCONSISTENT


def test_a_proof_is_used_only_for_exactly_that_claim_on_that_board(engine):
    s = session(engine, *GROWS)
    assert 3 in hinted(s).redundant
    s.execute("negate 1 1")  # ¬∀x happy(x): the proof rested on #1 as it was
    s.commands.engine = Busy(engine)
    claim = claimed(s, "claim 3")
    assert claim.verdict.status == Status.UNDETERMINED and claim.outcome == ClaimOutcome.REJECTED
    s = session(engine, *GROWS, "play happy : ∀x happy(x)")
    assert {3, 4} <= set(hinted(s).redundant)
    s.commands.engine = Busy(engine)
    assert claimed(s, "claim 3 4").verdict.status == Status.UNDETERMINED  # a set: its own question


def test_an_open_claim_is_not_settled_never_rejected(engine):
    s = session(engine, *GROWS)
    s.commands.engine = Busy(engine)
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    PalmerRenderer(out, s).show(s.execute("claim 3"), True)
    head = out.file.getvalue().splitlines()[0]
    assert "NOT SETTLED" in head and "REJECTED" not in head


def test_replay_finds_the_claim_again_from_the_premises_its_proof_used(engine):
    s = session(engine, *GROWS)
    hinted(s)
    s.commands.engine = Busy(engine)
    claim = claimed(s, "claim 3")
    before = s.record.rebuild(len(s.record.events) - 1)
    busy = Busy(engine, at_least=len(claim.premises))  # the whole question left open again
    assert claims.recheck(before, claim, busy).claim.verdict.status == Status.ENTAILED
    assert claims.recheck(before, claim, Busy(engine)).claim.verdict.status == Status.UNDETERMINED


def test_an_open_claim_is_not_settled_wherever_it_is_said_again(engine):
    """``why``, a refused undo and replay say the claim in one line (``describe``): an open
    claim is NOT SETTLED there too, never rejected."""
    s = session(engine, *GROWS)
    s.commands.engine = Busy(engine)
    s.execute("claim 3")
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    renderer = PalmerRenderer(out, s)
    for line in ("why", "undo"):
        renderer.show(s.execute(line), False)
    said = out.file.getvalue()
    assert said.count("claims redundant #3: not settled") == 2, said
    assert "rejected" not in said.lower(), said
