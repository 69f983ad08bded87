"""The referee writes propositional derivations in the named rules, and the checker accepts them.

Random problems over four letters (as in Ergo): whenever the premises entail the
goal (by truth tables, computed here independently), the writer must return a
derivation that the checker accepts line by line, using only named rules, that
ends in exactly the goal (or ⊥) and rests only on the premises; whenever they do
not, it must return None. Hand-picked cases pin down the human shapes.
"""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.client.derivation_words import line_words
from referee.derivation.checker import check_derivation
from referee.derivation.rules import same
from referee.derivation.writer import Written, write_derivation
from referee.language import ast
from referee.language.parser import parse_formula
from referee.language.vocabulary import Vocabulary

LETTERS = "ABCD"
VOCAB = Vocabulary.build({c: 0 for c in "ABCDEFGH"})


def F(text: str) -> ast.Formula:
    return parse_formula(text, VOCAB)


def truth(f: ast.Formula, row: dict[str, bool]) -> bool:
    """Evaluation by hand, independent of the writer's truth tables."""
    if isinstance(f, ast.Pred):
        return row[f.name]
    if isinstance(f, ast.Falsum):
        return False
    if isinstance(f, ast.Not):
        return not truth(f.body, row)
    a, b = truth(f.left, row), truth(f.right, row)
    if isinstance(f, ast.And):
        return a and b
    if isinstance(f, ast.Or):
        return a or b
    if isinstance(f, ast.Implies):
        return (not a) or b
    return a == b


def entailed(premises, goal) -> bool:
    names = sorted({n for f in [*premises, goal] for n in ast.symbols(f)[0]})
    for values in itertools.product((False, True), repeat=len(names)):
        row = dict(zip(names, values, strict=True))
        if all(truth(p, row) for p in premises) and not truth(goal, row):
            return False
    return True


def board_for(premises, labels):
    """Board statements where statement labels[i] is premise i (the rest trivial)."""
    filler = ast.Statement(F("A ∨ ¬A"))
    board = [filler] * max(labels, default=0)
    for f, n in zip(premises, labels, strict=True):
        board[n - 1] = ast.Statement(f)
    return board


def assert_checks(premises, goal, written, labels=None):
    labels = labels or list(range(1, len(premises) + 1))
    result = check_derivation(board_for(premises, labels), written.text, VOCAB)
    refused = [(v.label, line_words(v.reason)) for v in result.lines if not v.ok]
    assert result.ok, (written.text, refused)
    target = ast.Falsum() if goal is None else goal
    assert same(result.conclusion, target), written.text
    assert set(result.rests_on) <= set(labels)
    assert tuple(result.rests_on) == written.rests_on
    # named rules only: every line is an assumption, a rule, or a board statement restated
    for v in result.lines:
        assert v.status == "assumption" or v.rule is not None or v.method == "restatement", (
            written.text,
            v.label,
        )
    assert written.lines == len(result.lines)
    return result


# ------------------------------------------------------------------ shapes


def lines_of(written) -> list[str]:
    return [line.strip() for line in written.text.splitlines() if line.strip()]


def test_disjunctive_syllogism_is_one_line_after_the_premises():
    premises = [F("A ∨ B"), F("¬B")]
    w = write_derivation(premises, F("A"), VOCAB)
    assert w is not None and w.lines == 3 and w.method is Written.PROPOSITIONAL
    assert lines_of(w)[-1].split() == ["3.", "A", "by", "DS", "1,", "2"]
    assert_checks(premises, F("A"), w)


@pytest.mark.parametrize(
    "premises,goal,rule,count",
    [
        (["A → B", "A"], "B", "MP", 3),
        (["A → B", "¬B"], "¬A", "MT", 3),
        (["A → B", "B → C"], "A → C", "HS", 3),
        (["A ∧ B"], "B", "∧E", 2),
        (["A ↔ B", "B"], "A", "↔E", 3),
        (["¬¬A"], "A", "DN", 2),
        (["¬(A ∨ B)"], "¬A ∧ ¬B", "DeM", 2),
        (["A ∨ B", "A → C", "B → C"], "C", "∨E", 4),
        (["A", "¬A"], None, "⊥I", 3),
    ],
)
def test_one_named_rule_when_one_suffices(premises, goal, rule, count):
    ps = [F(p) for p in premises]
    g = F(goal) if goal else None
    w = write_derivation(ps, g, VOCAB)
    assert w is not None
    assert w.lines == count, w.text
    assert f" {rule} " in lines_of(w)[-1] + " ", w.text
    assert_checks(ps, g, w)


def test_chains_forward_and_keeps_only_what_the_conclusion_needs():
    premises = [F("A → B"), F("B → C"), F("C → D"), F("A"), F("E ∧ F"), F("G ∨ H")]
    w = write_derivation(premises, F("D"), VOCAB)
    assert w is not None
    assert w.rests_on == (1, 2, 3, 4)
    assert w.lines == 7, w.text  # four premises, three MP
    assert_checks(premises, F("D"), w)


def test_premises_are_cited_by_their_board_numbers():
    premises = [F("A ∨ B"), F("¬B")]
    w = write_derivation(premises, F("A"), VOCAB, labels=[4, 9])
    assert w is not None and w.rests_on == (4, 9)
    assert "by board 4" in w.text and "by board 9" in w.text
    assert_checks(premises, F("A"), w, labels=[4, 9])


def test_case_analysis_and_classical_reasoning():
    cases = [
        ([], "A ∨ ¬A"),
        ([], "((A → B) → A) → A"),  # Peirce
        (["¬(A → B)"], "A ∧ ¬B"),
        (["A ↔ ¬B", "B ↔ ¬C", "C ↔ ¬A"], None),
        (["A ∨ B", "¬A ∨ C", "¬B ∨ C"], "C"),
        (["(A → B) → C", "¬C"], "A"),
        ([], "(A → B) ∨ (B → A)"),
    ]
    for premises, goal in cases:
        ps = [F(p) for p in premises]
        g = F(goal) if goal else None
        w = write_derivation(ps, g, VOCAB)
        assert w is not None, (premises, goal)
        assert_checks(ps, g, w)


def test_pigeonhole_three_into_two_is_refuted():
    # p_ij: pigeon i in hole j. Each of three pigeons in a hole, no hole holds two.
    v = Vocabulary.build({f"p{i}{j}": 0 for i in range(3) for j in range(2)})
    premises = [parse_formula(f"p{i}0 ∨ p{i}1", v) for i in range(3)]
    for j in range(2):
        for a, b in itertools.combinations(range(3), 2):
            premises.append(parse_formula(f"¬(p{a}{j} ∧ p{b}{j})", v))
    w = write_derivation(premises, None, v)
    assert w is not None
    result = check_derivation([ast.Statement(p) for p in premises], w.text, v)
    assert result.ok and result.inconsistent


def test_not_entailed_gives_none():
    assert write_derivation([F("A ∨ B")], F("A"), VOCAB) is None
    assert write_derivation([F("A → B"), F("B")], F("A"), VOCAB) is None
    assert write_derivation([F("A"), F("B")], None, VOCAB) is None


def test_a_deadline_already_past_gives_none():
    assert (
        write_derivation([F("A ∨ B"), F("¬B")], F("A"), VOCAB, deadline=time.monotonic() - 1)
        is None
    )


def test_the_result_is_plain_data():
    w = write_derivation([F("A ∨ B"), F("¬B")], F("A"), VOCAB)
    assert w is not None
    again = type(w).from_json(w.to_json())
    assert again == w
    import pickle

    assert pickle.loads(pickle.dumps(w)) == w


# ------------------------------------------------------------------ random


def formulas(depth: int = 3):
    atoms = st.sampled_from(LETTERS).map(lambda c: ast.Pred(c))
    return st.recursive(
        atoms,
        lambda inner: st.one_of(
            inner.map(ast.Not),
            st.tuples(st.sampled_from([ast.And, ast.Or, ast.Implies, ast.Iff]), inner, inner).map(
                lambda t: t[0](t[1], t[2])
            ),
        ),
        max_leaves=6,
    )


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(formulas(), max_size=4), st.one_of(st.none(), formulas()))
def test_random_problems(premises, goal):
    target = ast.Falsum() if goal is None else goal
    valid = entailed(premises, target)
    w = write_derivation(premises, goal, VOCAB)
    if not valid:
        assert w is None
        return
    assert w is not None, (premises, goal)
    assert_checks(premises, goal, w)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(formulas(), min_size=1, max_size=4), formulas())
def test_random_entailments_by_construction(premises, extra):
    """Goals that do follow: a premise weakened (∨), or the premises' conjunction."""
    goal = ast.Or(premises[0], extra)
    w = write_derivation(premises, goal, VOCAB)
    assert w is not None
    assert_checks(premises, goal, w)


def test_ergo_review_example_each_variable_explained_briefly():
    """The Chinese review's final Proof: A ∨ B, ¬B ∧ C, ¬(¬C) (read with Ergo's
    precedence, already parenthesised here). A and C are proven, B disproven, D neither."""
    premises = [F("A ∨ B"), F("¬B ∧ C"), F("¬(¬C)")]
    expected = {"A": True, "B": False, "C": True, "D": None}
    for letter, truth in expected.items():
        for goal, holds in ((F(letter), truth is True), (F(f"¬{letter}"), truth is False)):
            w = write_derivation(premises, goal, VOCAB)
            assert (w is not None) == holds, (letter, goal)
            if w is not None:
                assert_checks(premises, goal, w)
                assert w.lines <= 4, w.text
    a = write_derivation(premises, F("A"), VOCAB)
    assert a is not None and "by DS" in a.text
    assert write_derivation(premises, None, VOCAB) is None  # no paradox
