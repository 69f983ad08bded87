"""The last ruling in every view (issue 38): data the referee checked, and no seat's secret.

Palmer's claims are settled by the real engine (so those tests are ``slow``); every
countermodel is evaluated again here by the independent evaluator from the statements'
text as the view gives them, as a test written by others would. Ergo and Cogito decide
in-process (truth tables, the diagram).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from cogito_helpers import rigged
from test_ergo_game import REVIEW_ROUND, run
from test_ergo_game import session as ergo_session
from webtable import defaults

from referee.cogito.events import Play, Position
from referee.cogito.registration import REGISTRATION as COGITO
from referee.ergo.registration import REGISTRATION as ERGO
from referee.games import GAMES
from referee.language.parser import parse_statement
from referee.logic import infinite_check
from referee.logic.engine import Engine, Limits
from referee.logic.evaluate import evaluate
from referee.logic.infinite_model import InfiniteModel
from referee.logic.model import Model
from referee.palmer.commands import PalmerCommands
from referee.palmer.events import Ballot, Claim, ClaimKind, ClaimOutcome, ClaimVerdict
from referee.palmer.outcomes import ClaimSettled
from referee.palmer.records import GAME as PALMER_GAME
from referee.palmer.registration import REGISTRATION as PALMER
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.resources import default_deck_path
from referee.table.record import Record
from referee.table.session import Session
from referee.web.games import GAMES as WEB_GAMES

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")
KEYS = {"event", "kind", "player", "claim", "targets", "outcome", "prover", "used"}
KEYS |= {"derivation", "countermodel", "fails"}


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=10)) as e:
        yield e


def palmer(engine, *statements: str, **rules) -> Session:
    setup = Setup(
        Settings(("ann", "bob"), mode="table"), HouseRules(**rules), DECK_TEXT, claim_timeout=10
    )
    s = Session(Record(PALMER_GAME, setup), PalmerCommands(engine, None))
    for text in statements:
        assert s.execute(f"play ? : {text}")[0].__class__.__name__ == "Written", text
    return s


def claim(s: Session, line: str) -> Claim:
    out = s.execute(line)
    assert isinstance(out[0], ClaimSettled), out
    return out[0].claim


def views(registration, game) -> dict:
    """Every view's ruling: each seat's, and the table's (None)."""
    return {seat: registration.view(game, seat)["ruling"] for seat in (*game.players, None)}


def same_for_everyone(registration, game) -> dict:
    rulings = views(registration, game)
    first = rulings[None]
    assert all(r == first for r in rulings.values())
    return first


def formulas(ruling: dict, game) -> dict:
    """The statements as the view writes them, read again: id -> the formula asserted."""
    return {
        e["id"]: parse_statement(e["statement"], game.vocabulary).asserted for e in ruling["board"]
    }


def test_every_view_of_every_game_has_a_ruling_null_until_the_first():
    for name, web_game in WEB_GAMES.items():
        game = web_game.start(defaults(name)).rebuild()
        registration = web_game.registration
        assert any(g is registration for g in GAMES)
        for seat in (*game.players, None):
            assert registration.view(game, seat)["ruling"] is None, name


@pytest.mark.slow
def test_a_rejected_claim_brings_the_countermodel_and_where_the_claim_fails(engine):
    s = palmer(engine, "∀x (blonde(x) → happy(x))", "∃x happy(x)", "∀x (happy(x) → blonde(x))")
    settled = claim(s, "claim 3")
    r = same_for_everyone(PALMER, s.game)
    assert KEYS <= set(r)
    assert (r["kind"], r["claim"], r["targets"], r["outcome"]) == (
        "claim",
        "redundant",
        [3],
        "rejected",
    )
    assert r["event"] == len(s.record.events) and r["player"] == settled.player
    assert r["countermodel"] == settled.verdict.evidence.model.to_json()  # entails --json's shape
    assert r["prover"] and r["derivation"] is None and r["used"] == []
    model = Model.from_json(r["countermodel"])
    for i, formula in formulas(r, s.game).items():
        assert evaluate(formula, model) is (i != 3)
        assert next(e for e in r["board"] if e["id"] == i)["holds"] is (i != 3)
    fails = r["fails"]
    assert fails["statement"] == 3 and set(fails["values"]) == {"x"}
    e = int(fails["values"]["x"][1:])
    assert (e,) in model.predicates["happy"] and (e,) not in model.predicates["blonde"]
    assert {"atom": f"blonde({fails['values']['x']})", "value": False} in fails["facts"]


@pytest.mark.slow
def test_an_upheld_redundancy_brings_the_checked_derivation_as_numbered_lines(engine):
    s = palmer(engine, "∀x (blonde(x) → happy(x))", "∃x blonde(x)", "∃x happy(x)", "∀x likes(x, x)")
    settled = claim(s, "claim 3")
    r = same_for_everyone(PALMER, s.game)
    assert r["outcome"] == "upheld" and r["used"] == [1, 2] and r["countermodel"] is None
    lines = r["derivation"]
    assert settled.proof is not None and len(lines) == settled.proof.lines
    assert [line["n"] for line in lines] == list(range(1, len(lines) + 1))
    for line in lines:
        assert set(line) >= {"n", "depth", "formula", "rule", "from", "board"}
        assert all(1 <= n < line["n"] for n in line["from"])
        assert line["board"] is None or line["board"] in r["used"]
    assert {line["board"] for line in lines} - {None} == {1, 2}
    assert any(line["depth"] > 0 for line in lines)  # the ∃ is taken apart in a subproof
    assert lines[-1]["depth"] == 0 and lines[-1]["formula"] == "∃x happy(x)"


@pytest.mark.slow
def test_an_upheld_inconsistency_lights_its_clash_and_a_rejected_one_a_model(engine):
    s = palmer(engine, "∀x (blonde(x) → happy(x))", "∃x blonde(x)", "∃x likes(x, x)")
    claim(s, "claim inconsistent")
    r = same_for_everyone(PALMER, s.game)
    assert (r["claim"], r["outcome"], r["targets"]) == ("inconsistent", "rejected", [])
    model = Model.from_json(r["countermodel"])
    assert all(evaluate(f, model) for f in formulas(r, s.game).values())
    assert r["fails"] is None and all(e["holds"] for e in r["board"])
    s.execute("play ? : ∀x ¬happy(x)")
    claim(s, "claim inconsistent")
    r = same_for_everyone(PALMER, s.game)
    assert r["outcome"] == "upheld" and r["used"] == [1, 2, 4]  # #3 is not in the clash
    assert r["countermodel"] is None and r["derivation"][-1]["formula"] == "⊥"


@pytest.mark.slow
def test_an_infinite_model_comes_as_its_definition_and_its_first_elements(engine):
    s = palmer(
        engine,
        "∀x ∃y smarter(y, x)",
        "∀x ¬smarter(x, x)",
        "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z) → smarter(x, z))",
    )
    settled = claim(s, "claim inconsistent")
    r = same_for_everyone(PALMER, s.game)
    m = r["countermodel"]
    assert r["outcome"] == "rejected" and m["infinite"] is True
    model = InfiniteModel.from_json(m)
    assert {k: v for k, v in m.items() if k not in ("lines", "first")} == model.to_json()
    assert model == settled.verdict.evidence.infinite and m["lines"] == model.lines()
    first = m["first"]["elements"]
    assert first == list(range(len(first))) and len(first) >= 3  # ℕ: 0, 1, 2, …
    for name, rows in m["first"]["predicates"].items():
        d = model.predicate(name)
        held = {tuple(row) for row in rows}
        assert held == {(a, b) for a in first for b in first if d.at(a, b)}
    for formula in formulas(r, s.game).values():
        assert infinite_check.truth(formula, model)


@pytest.mark.slow
def test_no_picture_is_drawn_of_evidence_a_checker_refused(engine, monkeypatch):
    s = palmer(engine, "∀x (blonde(x) → happy(x))", "∃x happy(x)", "∀x (happy(x) → blonde(x))")
    settled = claim(s, "claim 3")
    # A countermodel the evaluator refutes (#1 false in it) is never drawn, nor where the
    # claim fails in it: the same claim, its model replaced, on the board as it stood.
    wrong = Model(1, {}, {"blonde": frozenset({(0,)}), "happy": frozenset()})
    verdict = settled.verdict
    forged = replace(
        settled, verdict=replace(verdict, evidence=replace(verdict.evidence, model=wrong))
    )
    game = s.record.rebuild(len(s.record.events) - 1)
    game.apply(forged)
    r = same_for_everyone(PALMER, game)
    assert r["countermodel"] is None and r["fails"] is None
    assert all(e["holds"] is None for e in r["board"])
    # A derivation the checker refuses is not kept, so none is drawn; the verdict stands.
    import referee.derivation.shown as shown

    monkeypatch.setattr(shown, "check_written", lambda *a, **k: None)
    s = palmer(engine, "∀x (blonde(x) → happy(x))", "∃x blonde(x)", "∃x happy(x)")
    assert claim(s, "claim 3").proof is None
    r = same_for_everyone(PALMER, s.game)
    assert r["outcome"] == "upheld" and r["used"] == [1, 2] and r["derivation"] is None


def test_a_vote_is_the_last_ruling_once_the_table_has_voted():
    from referee.logic.engine import Status
    from referee.logic.evidence import Evidence, Method

    setup = Setup(
        Settings(("ann", "bob", "cat"), mode="table"),
        HouseRules(vote_on_undetermined=True),
        DECK_TEXT,
    )
    s = Session(Record(PALMER_GAME, setup), PalmerCommands(None, None))
    for text in ("∃x blonde(x)", "∃x happy(x)"):
        s.execute(f"play ? : {text}")
    verdict = ClaimVerdict(Status.UNDETERMINED, Evidence(Method.NONE), 1.0, 1.0)
    undecided = Claim("cat", ClaimKind.REDUNDANT, (2,), (1,), verdict, ClaimOutcome.VOTE)
    s.game.apply(undecided)
    r = same_for_everyone(PALMER, s.game)
    assert (r["kind"], r["outcome"], r["prover"]) == ("claim", "undetermined", None)
    s.game.apply(Ballot("ann", True))
    assert same_for_everyone(PALMER, s.game)["kind"] == "claim"  # bob has not voted
    s.game.apply(Ballot("bob", False))
    r = same_for_everyone(PALMER, s.game)
    assert (r["kind"], r["outcome"], r["event"]) == ("vote", "rejected", 5)
    assert (r["ayes"], r["noes"], r["targets"]) == (["ann"], ["bob"], [2])


def test_a_rounds_ruling_carries_each_variables_fate_and_the_premises_deciding_it():
    s = ergo_session("ann,bob,cat")
    run(s, *REVIEW_ROUND)
    score = s.record.events[-1]
    r = same_for_everyone(ERGO, s.game)
    assert KEYS <= set(r) and (r["kind"], r["event"]) == ("round", len(s.record.events))
    assert [e["statement"] for e in r["board"]] == list(score.proof)
    fates = {v["variable"]: (v["fate"], v["player"], v["premises"]) for v in r["variables"]}
    assert fates == {
        "A": ("proven", "ann", [1, 2]),
        "B": ("disproven", "bob", [2]),
        "C": ("proven", "cat", [2]),
        "D": ("proven", None, [4]),
    }
    for v, evidence in zip(r["variables"], score.ruling.evidence, strict=True):
        steps = evidence.derivation.steps
        assert [line["formula"] for line in v["derivation"]] == [s.statement for s in steps]
        assert {line["board"] for line in v["derivation"]} - {None} == set(v["premises"])


def test_a_paradox_lights_its_clash_and_every_variable_is_both():
    s = ergo_session("ann,bob")
    run(s, "play A", "play B", "play NOT A", "play AND C at 2:1", "play AND D at 2:3", "ergo")
    r = same_for_everyone(ERGO, s.game)
    assert r["paradox"] and r["used"] == [1, 3] and r["derivation"][-1]["formula"] == "⊥"
    assert {v["fate"] for v in r["variables"]} == {"both"}
    assert [e["id"] for e in r["board"] if e["used"]] == [1, 3]


def test_an_ergo_derivation_the_checker_refuses_is_not_drawn(monkeypatch):
    import referee.ergo.ruling as ruling

    monkeypatch.setattr(ruling, "check_written", lambda *a, **k: None)
    s = ergo_session("ann,bob,cat")
    run(s, *REVIEW_ROUND)
    r = same_for_everyone(ERGO, s.game)
    decided = [v for v in r["variables"] if v["fate"] != "neither"]
    assert decided and all(v["derivation"] is None for v in decided)
    assert all(v["premises"] == [1, 2, 3, 4] and v["rows"] > 0 for v in decided)


def test_a_judgements_path_is_drawn_only_where_its_self_card_is_seen():
    game = rigged(
        {"ann": "Casablanca", "bob": "Salmon", "cat": "Oak"},
        {"ann": ["Plant", "Tree"], "bob": ["Animal", "Tulip"], "cat": ["Tree", "Flower"]},
        ["Moss", "Bird", "Jellyfish"],
    )
    game.apply(Play("ann", "Plant", Position.RED))  # a Casablanca is a Flower, so a Plant
    rulings = views(COGITO, game)
    for seat in ("bob", "cat"):  # they see ann's Self card on her holder
        r = rulings[seat]
        assert r["path"] == ["Casablanca", "Flower", "Plant"] and not r["hidden"]
    for seat in ("ann", None):  # ann never sees her own; the table not until it is revealed
        r = rulings[seat]
        assert (r["path"], r["belongs"], r["hidden"]) == (None, None, True)
        assert (r["card"], r["position"], r["outcome"]) == ("Plant", "red", "rejected")
        assert "Casablanca" not in json.dumps(r) and "Flower" not in json.dumps(r)


def test_no_ruling_holds_a_hidden_hand_or_a_self_card_its_seat_may_not_see(engine):
    """For every seat of every game with rulings: what the ruling holds is what that seat's
    view shows, so changing what the seat cannot see changes nothing in it."""
    # Palmer (dealt): the same ruling whatever the hands and the pile hold.
    setup = Setup(Settings(("ann", "bob"), seed=3), HouseRules(), DECK_TEXT, claim_timeout=10)
    s = Session(Record(PALMER_GAME, setup), PalmerCommands(engine, None))
    game = s.game
    game.apply(Claim("ann", ClaimKind.INCONSISTENT, (), (), _consistent(), ClaimOutcome.REJECTED))
    before = views(PALMER, game)
    game.hands = {p: list(reversed(game.draw_pile[:3])) for p in game.players}
    game.draw_pile = list(reversed(game.draw_pile))
    assert views(PALMER, game) == before
    # Ergo (dealt): the same, whatever the hands hold.
    s = ergo_session("ann,bob,cat")
    run(s, *REVIEW_ROUND)
    before = views(ERGO, s.game)
    s.game.hands = {p: list(reversed(h)) for p, h in s.game.hands.items()}
    assert views(ERGO, s.game) == before
    # Cogito: a holder's own ruling and the table's hold no Self card of the holder.
    game = rigged(
        {"ann": "Tulip", "bob": "Salmon", "cat": "Oak"},
        {"ann": ["Animal", "Tree"], "bob": ["Animal", "Tulip"], "cat": ["Tree", "Flower"]},
        ["Moss", "Bird", "Jellyfish"],
    )
    game.apply(Play("ann", "Animal", Position.BLUE))
    for seat, r in views(COGITO, game).items():
        seen = seat not in ("ann", None)
        assert ("Tulip" in json.dumps(r)) is seen, seat
        assert (r["belongs"] == ["Flower", "Plant"]) is seen


def _consistent() -> ClaimVerdict:
    from referee.logic.engine import Status
    from referee.logic.evidence import Evidence, Method, Solver

    model = Model(1, {}, {})
    return ClaimVerdict(Status.CONSISTENT, Evidence(Method.MODEL, Solver.FINDER, model=model))
