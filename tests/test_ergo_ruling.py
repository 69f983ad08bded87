"""The ruling on a Proof: exact verdicts (checked against Z3), and every piece of evidence
shown checked again here — derivations by the derivation checker, rows by the evaluator."""

import sys
from pathlib import Path

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.derivation.checker import check_derivation
from referee.derivation.rules import same
from referee.ergo.cards import read_faces
from referee.ergo.proof import proof_of_faces
from referee.ergo.reading import read_premise
from referee.ergo.ruling import NAMES, VOCABULARY, Standing, decide, explain
from referee.language.ast import And, Falsum, Implies, Not, Or, Pred, Statement
from referee.logic.truthtable import confirmed

sys.path.insert(0, str(Path(__file__).parent))

from ergogen import premise_faces  # noqa: E402

A, B, C, D = (Pred(x) for x in "ABCD")


def proof(*lines):
    p = proof_of_faces([[w.face for w in read_faces(t)] for t in lines])
    return p, p.formulas()


def assert_evidence_checks(premises, ruling):
    """Every derivation the ruling shows passes the derivation checker, proves what it says
    from premises the Proof has, and every row satisfies the premises (the evaluator)."""
    board = [Statement(f) for f in premises]
    d = ruling.decision
    if d.paradox:
        assert ruling.clash is not None
        result = check_derivation(board, ruling.clash.text, VOCABULARY)
        assert result.ok and isinstance(result.conclusion, Falsum)
        assert set(result.rests_on) <= set(d.clash)
        return
    for e in ruling.evidence:
        if e.standing == Standing.UNDECIDED:
            assert confirmed(premises, e.true_row) and e.true_row[e.variable] is True
            assert confirmed(premises, e.false_row) and e.false_row[e.variable] is False
            assert e.true_row.letters == NAMES
            continue
        goal = Pred(e.variable) if e.standing == Standing.PROVEN else Not(Pred(e.variable))
        assert e.derivation is not None, e
        result = check_derivation(board, e.derivation.text, VOCABULARY)
        assert result.ok, e.derivation.text
        assert same(result.conclusion, goal)
        assert tuple(result.rests_on) == e.derivation.rests_on


def test_the_reviews_worked_example():
    p, premises = proof("A OR B", "NOT B AND C", "NOT ( NOT C )", "D")
    d = decide(premises, p.cards)
    assert (d.cards, d.paradox, d.proven, d.disproven) == (13, False, ("A", "C", "D"), ("B",))
    assert d.points() == {"A": 13, "B": 0, "C": 13, "D": 13}
    ruling = explain(premises, d)
    assert_evidence_checks(premises, ruling)
    a = ruling.evidence[0]
    assert [(s.statement, s.rule) for s in a.derivation.steps] == [
        ("A ∨ B", ""),
        ("¬B ∧ C", ""),
        ("¬B", "and_e"),
        ("A", "ds"),  # disjunctive syllogism, the rule sheet's name
    ]
    assert a.derivation.rests_on == (1, 2)


def test_the_english_sample_round_proves_b_not_a():
    # The sheet's sample Proof (after its Tabula Rasa): it says A and D are proven,
    # but ¬C and ¬B → C give B by modus tollens, and A stays open (docs/rulings.md).
    p, premises = proof("A OR B", "NOT B THEN C", "( NOT C )", "D")
    d = decide(premises, p.cards)
    assert (d.cards, d.proven, d.disproven) == (12, ("B", "D"), ("C",))
    ruling = explain(premises, d)
    assert_evidence_checks(premises, ruling)
    b = ruling.evidence[1]
    assert [s.rule for s in b.derivation.steps if s.rule] == ["mt", "dn"]
    a = ruling.evidence[0]
    assert a.standing == Standing.UNDECIDED
    assert a.false_row.as_dict() == {"A": False, "B": True, "C": False, "D": True}


def test_a_paradox_proves_and_disproves_everything_and_names_the_clash():
    p, premises = proof("A OR B", "NOT A", "C AND D", "NOT B")
    d = decide(premises, p.cards)
    assert d.paradox and d.proven == NAMES and d.disproven == NAMES
    assert d.clash == (1, 2, 4)
    assert d.points() == {"A": 0, "B": 0, "C": 0, "D": 0}
    ruling = explain(premises, d)
    assert_evidence_checks(premises, ruling)
    assert {e.standing for e in ruling.evidence} == {Standing.BOTH}


def test_variables_absent_from_a_consistent_proof_are_undecided():
    p, premises = proof("A")
    d = decide(premises, p.cards)
    assert d.proven == ("A",) and d.disproven == ()
    assert [d.standing(n) for n in NAMES] == [Standing.PROVEN] + [Standing.UNDECIDED] * 3
    assert d.points() == {"A": 1, "B": 0, "C": 0, "D": 0}
    assert_evidence_checks(premises, explain(premises, d))


def test_an_empty_proof_proves_nothing():
    d = decide([], 0)
    assert (d.paradox, d.proven, d.disproven) == (False, (), ())
    ruling = explain([], d)
    assert all(e.standing == Standing.UNDECIDED for e in ruling.evidence)


def test_de_morgan_and_double_negation_appear_in_the_players_rules():
    p, premises = proof("NOT ( A OR B )", "NOT ( NOT C )")
    ruling = explain(premises, decide(premises, p.cards))
    assert_evidence_checks(premises, ruling)
    rules = {s.rule for e in ruling.evidence if e.derivation for s in e.derivation.steps}
    assert {"dem", "dn"} <= rules


def to_z3(f):
    if isinstance(f, Pred):
        return z3.Bool(f.name)
    if isinstance(f, Not):
        return z3.Not(to_z3(f.body))
    op = {And: z3.And, Or: z3.Or, Implies: z3.Implies}[type(f)]
    return op(to_z3(f.left), to_z3(f.right))


def z3_follows(premises, goal):
    s = z3.Solver()
    s.add(*[to_z3(f) for f in premises], z3.Not(to_z3(goal)))
    return s.check() == z3.unsat


@settings(max_examples=60, deadline=None)
@given(st.lists(premise_faces(depth=2), min_size=1, max_size=4))
def test_random_proofs_agree_with_z3_and_every_derivation_checks(rows):
    premises = [read_premise(r) for r in rows]
    d = decide(premises, sum(map(len, rows)))
    for n in NAMES:
        assert (n in d.proven) == z3_follows(premises, Pred(n))
        assert (n in d.disproven) == z3_follows(premises, Not(Pred(n)))
    assert_evidence_checks(premises, explain(premises, d))
