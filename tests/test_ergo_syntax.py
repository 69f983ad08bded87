"""Ergo's card rules and order of operations: every rule refused with its reason, and the
readings Ergo's precedence gives (NOT, then THEN, then OR, then AND)."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ergo.cards import CardWordError, Face, read_faces
from referee.ergo.deck import load_ergo_deck
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.prooffile import ProofFileError, read_proof_file
from referee.ergo.reading import Grouping, ReadingRules, ThenChain, full_text, read_premise
from referee.ergo.ruling import decide
from referee.ergo.syntax import Rule, Side, SyntaxViolation, first_violation
from referee.language.ast import And, Implies, Not, Or, Pred

sys.path.insert(0, str(Path(__file__).parent))

from ergogen import premise_faces  # noqa: E402

A, B, C, D = (Pred(x) for x in "ABCD")


def faces(text):
    return [w.face for w in read_faces(text)]


def reading(text, **rules):
    return full_text(read_premise(faces(text), ReadingRules(**rules)))


# ------------------------------------------------------------------ the card rules

REFUSED = [
    # text, rule, first card at fault (from 0), last card at fault
    ("A B", Rule.VARIABLE_NEXT_TO_VARIABLE, 1, 1),
    ("A AND B C", Rule.VARIABLE_NEXT_TO_VARIABLE, 3, 3),
    ("A AND OR B", Rule.OPERATOR_NEXT_TO_OPERATOR, 2, 2),
    ("A THEN THEN B", Rule.OPERATOR_NEXT_TO_OPERATOR, 2, 2),
    ("AND A", Rule.OPERATOR_NEEDS_OPERANDS, 0, 0),
    ("A OR", Rule.OPERATOR_NEEDS_OPERANDS, 1, 1),
    ("( OR A )", Rule.OPERATOR_NEEDS_OPERANDS, 1, 1),
    ("( A OR ) AND B", Rule.OPERATOR_NEEDS_OPERANDS, 2, 2),
    ("A NOT B", Rule.OPERANDS_NEED_OPERATOR, 1, 1),
    ("( A ) B", Rule.OPERANDS_NEED_OPERATOR, 3, 3),
    ("A ( B )", Rule.OPERANDS_NEED_OPERATOR, 1, 1),
    ("( A AND B", Rule.PARENTHESES_PAIRED, 0, 0),
    ("A AND B )", Rule.PARENTHESES_PAIRED, 3, 3),
    ("( A ) )", Rule.PARENTHESES_PAIRED, 3, 3),
    ("A OR ( )", Rule.PARENTHESES_ENCLOSE, 2, 3),
    ("NOT", Rule.NOT_PLACEMENT, 0, 0),
    ("A AND NOT", Rule.NOT_PLACEMENT, 2, 2),
    ("NOT AND A", Rule.NOT_PLACEMENT, 0, 0),
    ("( A NOT )", Rule.OPERANDS_NEED_OPERATOR, 2, 2),
    ("( NOT ) A", Rule.NOT_PLACEMENT, 1, 1),
    ("NOT NOT A", Rule.DOUBLE_NOT, 0, 1),
    ("A OR NOT NOT B", Rule.DOUBLE_NOT, 2, 3),
]


@pytest.mark.parametrize("text, rule, first, last", REFUSED)
def test_every_card_rule_is_refused_naming_the_rule_and_the_card(text, rule, first, last):
    found = first_violation(faces(text))
    assert found is not None
    assert (found.rule, found.first, found.last) == (rule, first, last)
    with pytest.raises(SyntaxViolation) as err:
        read_premise(faces(text))
    assert rule.text in str(err.value)


ACCEPTED = [
    "A",
    "NOT A",
    "NOT ( NOT A )",  # two NOTs, with parentheses
    "( A )",
    "( ( A ) )",
    "A AND B",
    "A AND NOT B",  # NOT is not an operator: it may follow one
    "NOT ( A OR B ) THEN C",
    "( A ) AND ( B )",
    "a and b OR c then D",  # card words in any case
    "¬ ( ¬ C )",
    "A ∧ B ∨ C → D",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_well_formed_premises_are_accepted(text):
    assert first_violation(faces(text)) is None
    read_premise(faces(text))


def test_an_operator_missing_an_operand_says_which_side():
    assert first_violation(faces("OR A")).side == Side.LEFT
    assert first_violation(faces("A OR")).side == Side.RIGHT
    with pytest.raises(SyntaxViolation, match="OR has no operand on its right"):
        read_premise(faces("A OR"))


def test_card_words_read_in_any_case_and_signs_stand_alone():
    assert faces("a And b oR c tHeN d nOt") == [
        Face.A,
        Face.AND,
        Face.B,
        Face.OR,
        Face.C,
        Face.THEN,
        Face.D,
        Face.NOT,
    ]
    assert faces("¬(¬C)") == [Face.NOT, Face.OPEN, Face.NOT, Face.C, Face.CLOSE]
    assert faces("A∧B∨C→D") == [Face.A, Face.AND, Face.B, Face.OR, Face.C, Face.THEN, Face.D]
    with pytest.raises(CardWordError) as err:
        read_faces("A OR E")
    assert (err.value.word, err.value.column, err.value.index) == ("E", 6, 2)


# ----------------------------------------------------------------- order of operations

READINGS = [
    ("A AND B OR C", "(A ∧ (B ∨ C))"),  # textbook: ((A ∧ B) ∨ C)
    ("A OR B AND C", "((A ∨ B) ∧ C)"),  # textbook: (A ∨ (B ∧ C))
    ("A OR B THEN C", "(A ∨ (B → C))"),  # textbook: ((A ∨ B) → C)
    ("A THEN B OR C", "((A → B) ∨ C)"),
    ("A AND B THEN C", "(A ∧ (B → C))"),
    ("NOT A AND B", "(¬A ∧ B)"),  # NOT takes only the variable after it
    ("NOT A THEN B", "(¬A → B)"),
    ("NOT ( A AND B ) OR C", "(¬(A ∧ B) ∨ C)"),
    ("( A AND B ) OR C", "((A ∧ B) ∨ C)"),
    ("NOT ( NOT C )", "¬(¬C)"),
    ("A OR B", "(A ∨ B)"),
    ("D", "D"),
    ("A THEN B THEN C", "(A → (B → C))"),  # house rule then_chain=right (default)
    ("A AND B AND C", "((A ∧ B) ∧ C)"),  # house rule chain_grouping=left (default)
    ("A OR B OR C OR D", "(((A ∨ B) ∨ C) ∨ D)"),
]


@pytest.mark.parametrize("text, expected", READINGS)
def test_readings_follow_ergos_precedence_with_every_parenthesis_shown(text, expected):
    assert reading(text) == expected


def test_then_chains_follow_the_house_rule():
    assert reading("A THEN B THEN C", then_chain=ThenChain.LEFT) == "((A → B) → C)"
    with pytest.raises(SyntaxViolation) as err:
        read_premise(faces("A THEN B THEN C"), ReadingRules(then_chain=ThenChain.REFUSE))
    assert err.value.violation.rule == Rule.THEN_CHAIN and err.value.violation.first == 3
    # parentheses settle it under every rule
    for chain in ThenChain:
        assert reading("A THEN ( B THEN C )", then_chain=chain) == "(A → (B → C))"


def test_and_or_chains_are_shown_grouped_by_the_house_rule():
    assert reading("A AND B AND C", chain_grouping=Grouping.RIGHT) == "(A ∧ (B ∧ C))"
    assert reading("A OR B OR C", chain_grouping=Grouping.RIGHT) == "(A ∨ (B ∨ C))"


def verdict(*premises):
    d = decide(premises, 0)
    return (d.paradox, d.proven, d.disproven)


def test_precedence_changes_verdicts_where_textbook_reading_differs():
    # A AND B OR C, NOT A: Ergo reads A ∧ (B ∨ C), a paradox with ¬A;
    # the textbook's (A ∧ B) ∨ C would prove C instead.
    ergo = [read_premise(faces(t)) for t in ("A AND B OR C", "NOT A")]
    textbook = [Or(And(A, B), C), Not(A)]
    assert verdict(*ergo)[0] is True
    assert verdict(*textbook) == (False, ("C",), ("A",))
    # A OR B THEN C, with A: Ergo's A ∨ (B → C) leaves C open; (A ∨ B) → C proves it.
    ergo = [read_premise(faces(t)) for t in ("A OR B THEN C", "A")]
    assert verdict(*ergo) == (False, ("A",), ())
    assert verdict(Implies(Or(A, B), C), A) == (False, ("A", "C"), ())
    # A OR B AND C, NOT C: Ergo's (A ∨ B) ∧ C clashes; textbook A ∨ (B ∧ C) proves A.
    ergo = [read_premise(faces(t)) for t in ("A OR B AND C", "NOT C")]
    assert verdict(*ergo)[0] is True
    assert verdict(Or(A, And(B, C)), Not(C)) == (False, ("A",), ("C",))


def test_then_chain_house_rule_changes_a_verdict():
    # A THEN B THEN C with NOT C and B: read A → (B → C) it disproves A;
    # read (A → B) → C it clashes (B makes A → B true, so C, against NOT C).
    premises = ["A THEN B THEN C", "NOT C", "B"]
    right = [read_premise(faces(t)) for t in premises]
    left = [read_premise(faces(t), ReadingRules(ThenChain.LEFT)) for t in premises]
    assert verdict(*right) == (False, ("B",), ("A", "C"))
    # (A → B) → C with B true: A → B holds, so C follows: a clash with ¬C
    assert verdict(*left)[0] is True


# ------------------------------------------------------------------ generated premises

ALL_RULES = [ReadingRules(t, g) for t in (ThenChain.RIGHT, ThenChain.LEFT) for g in Grouping]


@settings(max_examples=200, deadline=None)
@given(premise_faces())
def test_generated_premises_are_accepted_and_their_readings_read_back(row):
    assert first_violation(row) is None
    for rules in ALL_RULES:
        formula = read_premise(row, rules)
        text = full_text(formula)
        again = [w.face for w in read_faces(text)]
        # the reading is a premise in card words, and means the same under any precedence
        for other in ALL_RULES:
            assert read_premise(again, other) == formula


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list(Face)), min_size=1, max_size=9))
def test_any_row_of_cards_is_either_read_or_refused_with_a_rule(row):
    found = first_violation(row)
    if found is None:
        read_premise(row)
    else:
        assert 0 <= found.first <= found.last < len(row)
        with pytest.raises(SyntaxViolation):
            read_premise(row)


# ------------------------------------------------------------------ proof files


def english():
    return load_ergo_deck(ergo_deck_path("english").read_text(encoding="utf-8"), "english")


def review():
    return load_ergo_deck(ergo_deck_path("review").read_text(encoding="utf-8"), "review")


def test_a_proof_file_skips_comments_and_blank_lines_and_numbers_premises():
    pf = read_proof_file("# a Proof\n\nA OR B  # first\n\nNOT B\n")
    assert [(line.number, line.file_line) for line in pf.lines] == [(1, 3), (2, 5)]
    assert pf.proof.texts() == ("A ∨ B", "¬ B")


def test_a_fifth_premise_is_refused():
    with pytest.raises(ProofFileError) as err:
        read_proof_file("A\nB\nC\nD\nA OR B\n")
    assert err.value.rule == Rule.FOUR_PREMISES and err.value.premise == 5


def test_errors_point_at_the_card_as_typed():
    with pytest.raises(ProofFileError) as err:
        read_proof_file("A OR B\n  nOt  AND C\n")
    e = err.value
    assert (e.premise, e.file_line, e.column, e.width, e.card, e.card_number) == (
        2,
        2,
        3,
        3,
        "nOt",
        1,
    )
    assert e.render().splitlines() == [
        "premise 2, card 1 'nOt' (line 2, column 3): "
        "NOT stands only before a variable or an opening parenthesis",
        "    nOt  AND C",
        "    ^^^",
    ]


def test_the_deck_limits_cards_wilds_included():
    five = "A AND A AND A AND A AND A"
    read_proof_file(five + "\n", english())  # four A cards and the variable Wild
    with pytest.raises(ProofFileError) as err:
        read_proof_file(five + " AND A\n", english())
    assert err.value.rule == Rule.DECK_LIMIT and err.value.card_number == 11
    # eight parentheses: the English deck has them, the review's edition only six
    eight = "( ( ( ( A ) ) ) )\n"
    read_proof_file(eight, english())
    with pytest.raises(ProofFileError) as err:
        read_proof_file(eight, review())
    assert err.value.rule == Rule.DECK_LIMIT and err.value.card == ")"
    # seven NOTs: the English deck's six and its operator Wild; the review has eight
    seven = "NOT A AND NOT B AND NOT C AND NOT D\nNOT A OR NOT B OR NOT C\n"
    read_proof_file(seven, english())
    eight = seven.replace("OR NOT C\n", "OR NOT C OR NOT D\n")
    read_proof_file(eight, review())
    with pytest.raises(ProofFileError) as err:
        read_proof_file(eight, english())
    assert err.value.premise == 2 and err.value.card_number == 10
