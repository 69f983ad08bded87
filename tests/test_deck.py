"""Deck files: the bundled deck is the rules' deck, and bad decks are named precisely."""

import pytest

from referee.language.deck import DeckError, load_deck_text
from referee.language.parser import parse_statement


def test_bundled_deck_has_the_54_cards_of_the_rules(deck):
    assert deck.size == 54
    by_kind = {}
    for card in deck.cards:
        by_kind[card.kind] = by_kind.get(card.kind, 0) + card.count
    assert by_kind == {"P": 8, "F": 8, "R": 8, "Q": 12, "S": 14, "X": 4}
    assert {c.symbol for c in deck.cards if c.kind in "PFR"} == {
        "blonde",
        "happy",
        "father",
        "+",
        "likes",
        "smarter",
    }
    prefixes = sorted(c.label for c in deck.cards if c.kind == "Q")
    assert prefixes == sorted(
        [
            "Q ∃x",
            "Q ∀x",
            "Q ∃x ∀y",
            "Q ∀x ∃y",
            "Q ∀x ∀y",
            "Q ∀x ∀y ∀z",
            "Q ∃!x",
            "Q ∀x ∀y ∃z",
            "Q ∀x ∃!y",
        ]
    )
    assert [c.action for c in deck.cards if c.kind == "X"] == ["any", "negate"]


def test_every_s_card_parses(deck):
    s_cards = [c for c in deck.cards if c.kind == "S"]
    assert len(s_cards) == 14
    parametric = [c for c in s_cards if c.parametric]
    assert [c.statement for c in parametric] == ["|L| ≥ n", "|L| < n"]
    for card in s_cards:
        parse_statement(card.statement_for(4), deck.vocabulary)


def test_vocabulary_of_the_bundled_deck(vocab):
    assert dict(vocab.predicates) == {"blonde": 1, "happy": 1, "likes": 2, "smarter": 2}
    assert dict(vocab.functions) == {"father": 1, "+": 2}


def test_a_deck_with_only_a_vocabulary_is_valid():
    deck = load_deck_text(
        """
        [vocabulary]
        predicates = { rains = 0, wet = 1, loves = 2 }
        functions = { mother = 1, "*" = 2 }
        constants = ["alice", "bob"]
        """
    )
    assert deck.cards == ()
    assert deck.vocabulary.kind("rains") == "proposition"
    assert deck.vocabulary.kind("alice") == "constant"
    parse_statement("rains → wet(alice) ∧ loves(bob, mother(alice * bob))", deck.vocabulary)


@pytest.mark.parametrize(
    "text,key,problem",
    [
        ("name = 3\n[vocabulary]", "name", "must be a string"),
        ("[cards]", "vocabulary", "missing"),
        ("[vocabulary]\npredicates = { p = -1 }", "vocabulary.predicates.p", "arity"),
        ("[vocabulary]\npredicates = { p = true }", "vocabulary.predicates.p", "arity"),
        ("[vocabulary]\nfunctions = { f = 0 }", "vocabulary.functions.f", "constants"),
        ('[vocabulary]\nfunctions = { "+" = 1 }', "vocabulary", "binary (infix) function"),
        ("[vocabulary]\npredicates = { and = 1 }", "vocabulary", "reserved word"),
        ("[vocabulary]\npredicates = { p = 1 }\nfunctions = { p = 1 }", "vocabulary", "both"),
        ("[vocabulary]\nsorts = 1", "vocabulary.sorts", "unknown key"),
        ('[vocabulary]\nconstants = "a"', "vocabulary.constants", "list of names"),
        ('[vocabulary]\n[[cards]]\nkind = "Z"', "cards[1].kind", "not a card kind"),
        ('[vocabulary]\n[[cards]]\nkind = "P"', "cards[1].symbol", "missing"),
        (
            '[vocabulary]\npredicates = { p = 1 }\n[[cards]]\nkind = "P"\nsymbol = "q"',
            "cards[1].symbol",
            "not in the vocabulary",
        ),
        (
            '[vocabulary]\npredicates = { p = 2 }\n[[cards]]\nkind = "P"\nsymbol = "p"',
            "cards[1].symbol",
            "p is a relation",
        ),
        ('[vocabulary]\n[[cards]]\nkind = "Q"\nprefix = "for x"', "cards[1].prefix", "prefix"),
        (
            '[vocabulary]\npredicates = { p = 1 }\n[[cards]]\nkind = "S"\nstatement = "∀x p(y)"',
            "cards[1].statement",
            "not bound",
        ),
        ('[vocabulary]\n[[cards]]\nkind = "X"\naction = "swap"', "cards[1].action", "X action"),
        (
            '[vocabulary]\n[[cards]]\nkind = "X"\naction = "any"\ncount = 0',
            "cards[1].count",
            "at least 1",
        ),
        (
            '[vocabulary]\n[[cards]]\nkind = "X"\naction = "any"\ncolour = 1',
            "cards[1].colour",
            "not a key",
        ),
        ("[vocabulary\n", "", "not valid TOML"),
    ],
)
def test_bad_decks_name_the_file_the_key_and_the_problem(text, key, problem):
    with pytest.raises(DeckError) as info:
        load_deck_text(text, "mine.toml")
    error = info.value
    assert error.source == "mine.toml"
    assert error.key == key
    assert problem in error.problem
    assert str(error).startswith("mine.toml: ")
