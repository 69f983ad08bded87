"""Every combination of up to three S cards, against answers worked out by hand.

The S cards (numbered as in cards/palmer.toml; S12 and S13 are the |L| cards):
  S3  ∀x smarter(father(x), x)             S14 ∀x ∀y ¬smarter(x, y)
  S4  ∀x ¬likes(x, father(x)) ∧ likes(father(x), x)
  S6  ∀x ∀y smarter(x + y, x) ∧ smarter(x + y, y)
  S8  ∀x ∀y x ≠ y → (smarter(x, y) ↔ ¬smarter(y, x))
  S10 ∀x ∀y x + y = father(y + x)

Why the answers hold:
- S3 + S14 and S6 + S14: something is smarter than something, yet nobody is.
- S4 + S10: with z = x + x, S10 gives z = father(z); S4 then says z likes
  father(z) = z and z does not like father(z) = z.
- S8 + S14: for x ≠ y S8 needs smarter(x, y) ↔ ¬smarter(y, x), i.e. false ↔
  true, so there is only one object. In a one-object world S4 is false (the
  object would both like and not like itself), and S2, S9, S10 are true.
- S14 alone makes S5 and S7 true (their premises are never met).
No other set of at most three S cards is inconsistent, and no other S card
follows from one or two others (the engine checks every one of them below).
"""

import itertools

import pytest

from referee.language.naming import statement_formula
from referee.language.parser import parse_statement
from referee.logic.engine import Engine, Limits, Status

MINIMAL_INCONSISTENT = [("S3", "S14"), ("S4", "S10"), ("S6", "S14"), ("S4", "S8", "S14")]
REDUNDANT = {  # card: the smallest sets of other S cards it follows from
    "S2": [("S8", "S14")],
    "S5": [("S14",)],
    "S7": [("S14",)],
    "S9": [("S8", "S14")],
    "S10": [("S8", "S14")],
}


@pytest.fixture(scope="module")
def cards(deck):
    return {
        c.id: statement_formula(parse_statement(c.statement, deck.vocabulary))
        for c in deck.cards
        if c.kind == "S" and not c.parametric
    }


@pytest.fixture(scope="module")
def engine():
    return Engine(Limits(timeout=5.0))


def contains_clash(combo) -> bool:
    return any(set(m) <= set(combo) for m in MINIMAL_INCONSISTENT)


def test_every_set_of_up_to_three_s_cards(cards, engine, vocab):
    ids = sorted(cards, key=lambda s: int(s[1:]))
    assert len(ids) == 12
    for size in (1, 2, 3):
        for combo in itertools.combinations(ids, size):
            verdict = engine.consistency([cards[i] for i in combo])
            expected = Status.INCONSISTENT if contains_clash(combo) else Status.CONSISTENT
            assert verdict.status == expected, (combo, verdict.evidence)
            if expected == Status.INCONSISTENT:
                clash = {combo[i] for i in verdict.used}
                assert any(set(m) <= clash for m in MINIMAL_INCONSISTENT), (combo, clash)
            else:
                assert verdict.model is not None


def test_every_redundancy_among_s_cards(cards, engine, vocab):
    ids = sorted(cards, key=lambda s: int(s[1:]))
    for card in ids:
        others = [i for i in ids if i != card]
        for size in (1, 2):
            for combo in itertools.combinations(others, size):
                if contains_clash(combo):
                    continue
                verdict = engine.entailment([cards[i] for i in combo], [cards[card]])
                follows = any(set(s) <= set(combo) for s in REDUNDANT.get(card, []))
                expected = Status.ENTAILED if follows else Status.NOT_ENTAILED
                assert verdict.status == expected, (card, combo, verdict.evidence)


@pytest.mark.parametrize(
    "board,expected",
    [
        (["|L| < 1"], Status.INCONSISTENT),  # the domain is never empty
        (["|L| ≥ 1"], Status.CONSISTENT),
        (["|L| ≥ 3", "|L| < 3"], Status.INCONSISTENT),
        (["|L| ≥ 2", "|L| < 3"], Status.CONSISTENT),
        (
            ["|L| ≥ 2", "∀x ∀y x ≠ y → (smarter(x, y) ↔ ¬smarter(y, x))", "∀x ∀y ¬smarter(x, y)"],
            Status.INCONSISTENT,
        ),
        (["|L| < 2", "∀x ¬likes(x, father(x)) ∧ likes(father(x), x)"], Status.INCONSISTENT),
        # S4: father has no fixed point and no 2-cycle (a and b would like and
        # not like each other), so it needs three objects.
        (["|L| < 3", "∀x ¬likes(x, father(x)) ∧ likes(father(x), x)"], Status.INCONSISTENT),
        (["|L| < 4", "∀x ¬likes(x, father(x)) ∧ likes(father(x), x)"], Status.CONSISTENT),
    ],
)
def test_cardinality_cards(board, expected, engine, vocab):
    formulas = [statement_formula(parse_statement(s, vocab)) for s in board]
    assert engine.consistency(formulas).status == expected
