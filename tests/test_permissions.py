"""Card permissions: what each kind of card lets a statement say (real parser, real deck)."""

import dataclasses

import pytest
from hypothesis import given, settings
from test_printer import VOCAB as PRINTER_VOCAB
from test_printer import formulas

from referee.language import ast
from referee.language.parser import parse_statement
from referee.language.printer import to_unicode
from referee.palmer.cards import CardError, resolve_card, short_name
from referee.palmer.permissions import (
    PlayRefused,
    check_play,
    check_statement_card,
    negation_sites,
    play_kind,
)
from referee.palmer.refusals import Why
from referee.table.errors import Refusal


def cards(deck, *tokens):
    return [resolve_card(t, deck) for t in tokens]


def allowed(deck, vocab, tokens, text, **kw):
    check_play(cards(deck, *tokens), parse_statement(text, vocab), deck.vocabulary, **kw)


def refused(deck, vocab, tokens, text, **kw) -> Refusal:
    with pytest.raises(PlayRefused) as info:
        allowed(deck, vocab, tokens, text, **kw)
    return info.value.refusal


def why(call, *args) -> Why:
    """The reason ``call(*args)`` is refused (a PlayRefused or a CardError)."""
    with pytest.raises((PlayRefused, CardError)) as info:
        call(*args)
    return info.value.refusal.why


# ------------------------------------------------------------ P, F, R cards


def test_symbol_cards_allow_their_symbols_and_pure_logic(deck, vocab):
    allowed(deck, vocab, ["blonde"], "forall x blonde(x)")
    allowed(deck, vocab, ["blonde", "happy"], "∀x blonde(x) → happy(x)")
    allowed(deck, vocab, ["father"], "∃!x father(x) = x")
    allowed(deck, vocab, ["+"], "∀x ∀y x + y = y + x")


def test_symbol_cards_refuse_other_deck_symbols(deck, vocab):
    reason = refused(deck, vocab, ["blonde"], "∀x blonde(x) → happy(x)")
    assert reason == Refusal(Why.NOT_ON_CARDS, word="happy", texts=("blonde",))


def test_every_played_symbol_card_must_be_used_unless_house_rule_off(deck, vocab):
    reason = refused(deck, vocab, ["blonde", "happy"], "∀x blonde(x)")
    assert reason == Refusal(Why.UNUSED, texts=("happy",))
    allowed(deck, vocab, ["blonde", "happy"], "∀x blonde(x)", every_card_used=False)


def test_names_given_with_unique_are_free_for_symbol_cards(deck, vocab):
    named = vocab.extend("b", 0)
    check_play(cards(deck, "happy"), parse_statement("happy(b)", named), deck.vocabulary)


def test_symbol_cards_cannot_name_or_use_cardinality(deck, vocab):
    assert refused(deck, vocab, ["blonde"], "∃!x blonde(x) | b := x").why is Why.NAMING_NEEDS_Q
    assert refused(deck, vocab, ["blonde"], "∀x blonde(x) ∧ |L| ≥ 2").why is Why.CARD_SHORTHAND


# ---------------------------------------------------------------- Q cards


def test_quantifier_card_exact_prefix_with_renamed_variables(deck, vocab):
    allowed(deck, vocab, ["AE"], "∀x ∃y likes(x, y)")
    allowed(deck, vocab, ["∀x∃y"], "forall a exists b likes(b, father(a))")


def test_quantifier_cards_chain_in_either_order(deck, vocab):
    allowed(deck, vocab, ["A", "E"], "∃u ∀v smarter(u, v)")
    allowed(deck, vocab, ["A", "E"], "∀v ∃u smarter(u, v)")
    allowed(deck, vocab, ["AA", "E"], "∀x ∀y ∃z x + y = z")


def test_quantifier_card_refusals(deck, vocab):
    assert refused(deck, vocab, ["AE"], "∀x ∀y likes(x, y)").why is Why.WRONG_PREFIX
    inner = refused(deck, vocab, ["A"], "∀x (blonde(x) → ∃y likes(x, y))")
    assert inner == Refusal(Why.INNER_QUANTIFIER, word="∃y")
    missing = refused(deck, vocab, ["AE"], "∀x ∃y blonde(x)")
    assert missing == Refusal(Why.PREFIX_VARIABLES, texts=("y",))
    assert refused(deck, vocab, ["A"], "∃x blonde(x)") == Refusal(
        Why.WRONG_PREFIX, word="∃", texts=("∀",)
    )
    none = refused(deck, vocab, ["A"], "(∃x blonde(x)) ∨ ∀y happy(y)")
    assert none.why is Why.WRONG_PREFIX and none.word == ""


def test_quantifier_card_allows_naming_after_unique(deck, vocab):
    allowed(deck, vocab, ["U"], "∃!x blonde(x) | b := x")
    allowed(deck, vocab, ["AU"], "∀x ∃!y father(y) = x | son(x) := y")


def test_mixed_kinds_are_refused_with_reason(deck):
    assert why(play_kind, cards(deck, "A", "blonde")) is Why.Q_APART
    assert why(play_kind, cards(deck, "S1", "S2")) is Why.S_ALONE
    assert why(play_kind, cards(deck, "?", "blonde")) is Why.NOT_TOGETHER


# ---------------------------------------------------------------- S cards


def test_statement_card_compares_asts_not_text(deck, vocab):
    card = resolve_card("S1", deck)
    check_statement_card(card, parse_statement("forall x (blonde(x) -> happy(x))", vocab), vocab)
    wrong = parse_statement("∀x happy(x) → blonde(x)", vocab)
    assert why(check_statement_card, card, wrong, vocab) is Why.S_EXACTLY


def test_cardinality_cards_take_any_positive_n_but_not_the_other_sign(deck, vocab):
    at_least = resolve_card("S12", deck)
    assert at_least.statement == "|L| ≥ n"
    check_statement_card(at_least, parse_statement("|L| >= 7", vocab), vocab)
    with pytest.raises(PlayRefused):
        check_statement_card(at_least, parse_statement("|L| < 7", vocab), vocab)


# ------------------------------------------------------------------ X cards


def test_any_card_allows_everything_including_a_naming(deck, vocab):
    allowed(deck, vocab, ["?"], "∃!x (blonde(x) ∧ ∀y smarter(x, y)) | top := x")


def test_negation_sites_are_every_subformula(vocab):
    stmt = parse_statement("∀x blonde(x) → happy(x)", vocab)
    sites = negation_sites(stmt, vocab)
    assert [to_unicode(s.after) for s in sites] == [
        "¬∀x blonde(x) → happy(x)",
        "∀x ¬(blonde(x) → happy(x))",
        "∀x ¬blonde(x) → happy(x)",
        "∀x blonde(x) → ¬happy(x)",
    ]


def test_negation_keeps_a_naming_well_formed(vocab):
    stmt = parse_statement("∀x ∃!y father(y) = x | son(x) := y", vocab)
    sites = negation_sites(stmt, vocab.extend("son", 1))
    texts = [to_unicode(s.after) for s in sites]
    # ¬ in front of ∀x or ∃!y would leave son without its defining ∃!: not offered.
    assert texts == ["∀x ∃!y father(y) ≠ x | son(x) := y"]


# ---------------------------------------------------------- naming the cards


def test_forgiving_card_names(deck):
    assert resolve_card("blonde", deck).id == "P:blonde"
    assert resolve_card("+", deck).id == "F:+"
    assert resolve_card("s3", deck).id == "S3"
    assert resolve_card("not", deck).action == "negate"
    assert resolve_card("?", deck).action == "any"
    for token in ("AE", "∀x∃y", "Q:AE", "forall-exists"):
        assert resolve_card(token, deck).id == "Q:∀x ∃y"
    assert resolve_card("E!x", deck).prefix == ("unique",)
    assert short_name(resolve_card("AU", deck)) == "∀x∃!y"
    with pytest.raises(CardError):
        resolve_card("AEA", deck)
    with pytest.raises(CardError) as info:
        resolve_card("4", deck, ["P:blonde"])
    assert info.value.refusal == Refusal(Why.NO_CARD_AT, number=4, count=1)


def test_two_copies_of_one_symbol_card_are_refused(deck, vocab):
    """Defect: `play blonde blonde : ∀x blonde(x)` shed a card for free."""
    blonde = deck.card("P:blonde")
    statement = parse_statement("∀x blonde(x)", vocab)
    assert why(check_play, [blonde, blonde], statement, vocab) is Why.SYMBOL_TWICE
    check_play([blonde, blonde], statement, vocab, every_card_used=False)
    forall = next(c for c in deck.cards if c.kind == "Q" and c.prefix == ("forall",))
    check_play([forall, forall], parse_statement("∀x ∀y likes(x, y)", vocab), vocab)


def test_negation_sites_that_give_the_same_statement_are_one_site(vocab):
    """issue 8, defect 7: places 2 and 3 of ∃x ¬happy(x) both read ∃x ¬¬happy(x)."""
    sites = negation_sites(parse_statement("∃x ¬happy(x)", vocab), vocab)
    assert [(s.index, to_unicode(s.after)) for s in sites] == [
        (1, "¬∃x ¬happy(x)"),
        (2, "∃x ¬¬happy(x)"),
    ]
    assert sites[1].path == (0,)  # the first place in reading order that gives it


@settings(max_examples=150, deadline=None)
@given(formulas())
def test_negation_sites_are_distinct_dense_and_complete(formula):
    """Every single-¬ statement is offered exactly once, numbered 1..k."""
    statement = ast.Statement(formula)
    sites = negation_sites(statement, PRINTER_VOCAB)
    assert [s.index for s in sites] == list(range(1, len(sites) + 1))
    afters = [s.after for s in sites]
    assert len(set(afters)) == len(afters)
    every = {ast.Statement(_insert_not(formula, path)) for path, _ in _all_paths(formula)}
    assert set(afters) == every
    for site in sites:
        assert site.after.text == to_unicode(site.after)


def test_negation_keeps_the_parentheses_the_author_wrote(vocab):
    statement = parse_statement("∀x (blonde(x) → (happy(x)))", vocab)
    shown = [to_unicode(s.after, as_written=True) for s in negation_sites(statement, vocab)]
    assert shown == [
        "¬∀x (blonde(x) → (happy(x)))",
        "∀x ¬(blonde(x) → (happy(x)))",
        "∀x (¬blonde(x) → (happy(x)))",
        "∀x (blonde(x) → ¬(happy(x)))",
    ]
    for text, site in zip(shown, negation_sites(statement, vocab), strict=True):
        assert parse_statement(text, vocab) == site.after


def _all_paths(formula, path=()):
    yield path, formula
    for i, child in enumerate(ast.children(formula)):
        yield from _all_paths(child, path + (i,))


def _insert_not(formula, path):
    if not path:
        return ast.Not(formula)
    head, rest = path[0], path[1:]
    if isinstance(formula, (ast.Not, ast.Quant)):
        return dataclasses.replace(formula, body=_insert_not(formula.body, rest))
    if head == 0:
        return dataclasses.replace(formula, left=_insert_not(formula.left, rest))
    return dataclasses.replace(formula, right=_insert_not(formula.right, rest))
