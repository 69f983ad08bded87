"""The statement language: every example of the rules, precedence, spellings, naming."""

import pytest

from referee.language import ast
from referee.language.parser import ParseError, parse_formula, parse_statement
from referee.language.vocabulary import Vocabulary

x, y, z = ast.Var("x"), ast.Var("y"), ast.Var("z")


def P(name, *args):
    return ast.Pred(name, tuple(args))


def F(name, *args):
    return ast.App(name, tuple(args))


def parse(text, vocab):
    return parse_statement(text, vocab).formula


def refused(text, vocab):
    with pytest.raises(ParseError) as info:
        parse_statement(text, vocab)
    return info.value


# ------------------------------------------------------------ the rules' examples

LEGAL = [
    "∀x blonde(x)",
    "∃x happy(x) ∧ ¬blonde(x)",
    "∀x ¬smarter(x,x)",
    "∀x ∃y smarter(y,x)",
    "∀x blonde(father(x))",
    "∀x ∃y father(y) = x",
    "∀x ∀y x + y = y + x",
    "∀x happy(x) → ¬blonde(x)",
    "∃!x blonde(x)",
    "∀x ∃!y likes(y,x)",
    "∃!x blonde(x) | blondie := x",
    "∀x ∃!y likes(y,x) | liker(x) := y",
    "∀x (happy(x) ∧ x+x=x)",
    "∀x ∃y (x+y=x)",
    # the S cards
    "∀x blonde(x) → happy(x)",
    "∀x ∀y (happy(x) ∧ likes(x, y)) → happy(y)",
    "∀x smarter(father(x), x)",
    "∀x ¬likes(x, father(x)) ∧ likes(father(x), x)",
    "∀x ∀y smarter(x,y) ⇒ ¬likes(y, x)",
    "∀x ∀y smarter(x+y,x) ∧ smarter(x+y,y)",
    "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) ⇒ smarter(x, z)",
    "∀x ∀y x ≠ y ⇒ (smarter(x, y) ⇔ ¬smarter(y, x))",
    "∀x ∀y (x+y = y+x)",
    "∀x ∀y (x+y = father(y+x))",
    "∀x ¬blonde(father(x))",
    "|L| ≥ 3",
    "|L| < 2",
    "∀x ∀y ¬smarter(x, y)",
]


@pytest.mark.parametrize("text", LEGAL)
def test_legal_examples_parse(text, vocab):
    statement = parse_statement(text, vocab)
    assert not ast.free_vars(statement.formula)


ILLEGAL = [
    ("∃x x = blonde", "blonde is a predicate, it cannot stand where an object is expected", 8),
    ("∀x ∃y happy(x) = y", "happy(x) is a statement (true or false); it cannot be equal", 7),
    ("∀x ∀y happy(x) = blonde(x)", "did you mean happy(x) ↔ blonde(x)?", 7),
    ("∀x blonde(happy(x))", "happy(x) is true or false, it cannot stand where an object", 11),
    ("∀x smarter(x)", "smarter takes 2 arguments, got 1", 4),
    ("∀x ∀y smarter(x,y) = y", "smarter(x,y) is a statement (true or false)", 7),
    ("∀x father(x)", "father(x) is an object, not a statement", 4),
    ("∀x ∀y ∀z x + y + z = x", "x + y + z is ambiguous: write (x + y) + z or x + (y + z)", 10),
]


@pytest.mark.parametrize("text,message,column", ILLEGAL)
def test_illegal_examples_are_refused_with_the_reason(text, message, column, vocab):
    error = refused(text, vocab)
    assert message in error.message
    assert error.line == 1
    assert error.column == column
    rendered = error.render()
    assert text in rendered
    caret_line = rendered.splitlines()[-1]
    assert caret_line.index("^") == column - 1 + 2  # two spaces of indent


# ---------------------------------------------------------- precedence and scope


def test_precedence_not_and_or_implies_iff():
    v = Vocabulary.build({"a": 0, "b": 0, "c": 0, "d": 0, "e": 0})
    a, b, c, d, e = (P(n) for n in "abcde")
    assert parse("¬a ∧ b ∨ c → d ↔ e", v) == ast.Iff(
        ast.Implies(ast.Or(ast.And(ast.Not(a), b), c), d), e
    )
    assert parse("a ↔ b → c ∨ d ∧ ¬e", v) == ast.Iff(
        a, ast.Implies(b, ast.Or(c, ast.And(d, ast.Not(e))))
    )


def test_implication_groups_to_the_right():
    v = Vocabulary.build({"a": 0, "b": 0, "c": 0})
    assert parse("a → b → c", v) == ast.Implies(P("a"), ast.Implies(P("b"), P("c")))


def test_and_or_group_to_the_left():
    v = Vocabulary.build({"a": 0, "b": 0, "c": 0})
    assert parse("a ∧ b ∧ c", v) == ast.And(ast.And(P("a"), P("b")), P("c"))
    assert parse("a ∨ b ∨ c", v) == ast.Or(ast.Or(P("a"), P("b")), P("c"))


def test_iff_chain_is_ambiguous():
    v = Vocabulary.build({"a": 0, "b": 0, "c": 0})
    error = refused("a ↔ b ↔ c", v)
    assert "a ↔ b ↔ c is ambiguous: write (a ↔ b) ↔ c or a ↔ (b ↔ c)" in error.message
    assert parse("(a ↔ b) ↔ c", v) == ast.Iff(ast.Iff(P("a"), P("b")), P("c"))


def test_quantifier_scope_reaches_as_far_right_as_possible(vocab):
    assert parse("∀x happy(x) → ¬blonde(x)", vocab) == ast.Quant(
        ast.FORALL, "x", ast.Implies(P("happy", x), ast.Not(P("blonde", x)))
    )
    # inside a conjunction the scope still runs to the end
    v = Vocabulary.build({"p": 0, "q": 1})
    assert parse("p ∧ ∀x q(x) ∨ p", v) == ast.And(
        P("p"), ast.Quant(ast.FORALL, "x", ast.Or(P("q", x), P("p")))
    )
    assert parse("(∀x q(x)) ∨ p", v) == ast.Or(ast.Quant(ast.FORALL, "x", P("q", x)), P("p"))


def test_quantifier_sequences_and_dots(vocab):
    expected = parse("∀x ∃y likes(x, y)", vocab)
    for text in (
        "∀x∃y likes(x,y)",
        "forall x exists y likes(x, y)",
        "∀x. ∃y. likes(x, y)",
        "forall x. exists y likes(x,y)",
    ):
        assert parse(text, vocab) == expected


# ------------------------------------------------------------------- spellings

SPELLINGS = {
    "not": ["¬", "~", "not ", "!"],
    "and": ["∧", "&", "and", "/\\", "&&"],
    "or": ["∨", "or", "\\/", "||"],
    "implies": ["→", "->", "=>", "implies", "⇒"],
    "iff": ["↔", "<->", "<=>", "iff", "⇔"],
}


@pytest.mark.parametrize("kind", ["and", "or", "implies", "iff"])
def test_every_spelling_of_binary_connectives(kind, vocab):
    expected = parse(f"∀x happy(x) {SPELLINGS[kind][0]} blonde(x)", vocab)
    for spelling in SPELLINGS[kind]:
        assert parse(f"∀x happy(x) {spelling} blonde(x)", vocab) == expected


def test_every_spelling_of_negation_and_inequality(vocab):
    for spelling in SPELLINGS["not"]:
        assert parse(f"∀x {spelling}happy(x)", vocab) == parse("∀x ¬happy(x)", vocab)
    for spelling in ("≠", "!=", "/="):
        assert parse(f"∃x ∃y x {spelling} y", vocab) == parse("∃x ∃y ¬(x = y)", vocab)


def test_spellings_mix_freely(vocab):
    assert parse("forall x ∃y happy(x) and likes(x,y) -> ~blonde(y) ∨ happy(y)", vocab) == parse(
        "∀x ∃y (happy(x) ∧ likes(x, y)) → (¬blonde(y) ∨ happy(y))", vocab
    )


def test_unique_quantifier_spellings(vocab):
    expected = parse("∃!x blonde(x)", vocab)
    for text in ("exists! x blonde(x)", "exists!x blonde(x)", "exists !x blonde(x)"):
        assert parse(text, vocab) == expected
    assert expected == ast.Quant(ast.UNIQUE, "x", P("blonde", x))


def test_words_containing_keywords_are_names():
    v = Vocabulary.build({"orange": 0, "notable": 0, "iffy": 0, "android": 0})
    assert parse("orange or notable and iffy or android", v) == ast.Or(
        ast.Or(P("orange"), ast.And(P("notable"), P("iffy"))), P("android")
    )


# ------------------------------------------------------------------ cardinality


def test_cardinality(vocab):
    assert parse("|L| ≥ 3", vocab) == ast.Card(ast.AT_LEAST, 3)
    assert parse("|L| >= 3", vocab) == ast.Card(ast.AT_LEAST, 3)
    assert parse("|L| < 1", vocab) == ast.Card(ast.FEWER_THAN, 1)
    assert "positive integer" in refused("|L| < 0", vocab).message
    assert refused("|L| ≤ 3", vocab)
    assert refused("|L| ≥ x", vocab)


# ----------------------------------------------------------------------- naming


def test_naming_an_object(vocab):
    statement = parse_statement("∃!x blonde(x) | blondie := x", vocab)
    assert statement.naming == ast.Naming("blondie", (), "x")


def test_naming_a_function(vocab):
    statement = parse_statement("∀x ∃!y likes(y, x) | liker(x) := y", vocab)
    assert statement.naming == ast.Naming("liker", ("x",), "y")
    chained = parse_statement("∀x ∀y ∃!z z = x + y | sum(x, y) := z", vocab)
    assert chained.naming == ast.Naming("sum", ("x", "y"), "z")


@pytest.mark.parametrize(
    "text,message",
    [
        ("∃x ∃!y likes(y, x) | liker(x) := y", "comes after another ∃"),
        ("∃!x ∃!y likes(y, x) | f := y", "comes after another ∃"),
        ("∀x ∃!y likes(y, x) | liker := y", "write liker(x) := y"),
        ("∃!x blonde(x) | b(x) := x", "write b := x"),
        ("∀x ∃y likes(y, x) | f(x) := y", "not ∃!"),
        ("∃!x blonde(x) | happy := x", "happy is already a predicate"),
        ("∃!x blonde(x) | father := x", "father is already a function"),
        ("∃!x blonde(x) | b := y", "only an object defined by a leading ∃! can be named"),
        ("happy(father(a)) | b := x", "a is not bound by any quantifier"),
    ],
)
def test_naming_is_refused_where_the_rules_refuse_it(text, message, vocab):
    assert message in refused(text, vocab).message


def test_named_symbols_extend_the_vocabulary(vocab):
    statement = parse_statement("∃!x blonde(x) | blondie := x", vocab)
    extended = vocab.extend(statement.naming.name, len(statement.naming.params))
    assert parse("happy(blondie)", extended) == P("happy", F("blondie"))
    with pytest.raises(ParseError):
        parse_statement("happy(blondie)", vocab)


# --------------------------------------------------------- well-formedness errors


@pytest.mark.parametrize(
    "text,message",
    [
        ("∀x hapy(x)", "unknown name 'hapy'"),
        ("∀x hapy(x)", "did you mean happy?"),
        ("∀x happy(y)", "y is not bound by any quantifier"),
        ("∀x ∃x likes(x, x)", "already bound by an outer quantifier"),
        (
            "∀blonde happy(blonde)",
            "blonde is a predicate of the deck; it cannot be used as a variable",
        ),
        ("∀father happy(father)", "cannot be used as a variable"),
        ("fourall x happy(x)", "did you mean 'forall'?"),
        ("exist x happy(x)", "did you mean 'exists'?"),
        ("∀x happy(x) adn blonde(x)", "did you mean 'and'?"),
        ("∀x happy(x", "ends too early"),
        ("∀x happy(x) ∧", "ends too early"),
        ("∀x happy(x) ; blonde(x)", "unexpected character ';'"),
        ("∀x happy", "happy takes 1 argument, got 0"),
        ("∀x happy(x, x)", "happy takes 1 argument, got 2"),
        ("∀x x", "x is an object (a variable), not a statement"),
        ("∀x x(x)", "x is a variable, not a predicate"),
        ("∀x ∀y x + y", "x + y is an object, not a statement"),
        ("∀x happy(father)", "father is a function: it takes 1 argument"),
        ("∀x ∀y x * y = x", "* is not a function of this deck"),
        ("∀x ∀y x = y = x", "chains equalities"),
        ("", "empty"),
    ],
)
def test_clear_messages(text, message, vocab):
    assert message in refused(text, vocab).message


def test_errors_point_at_the_problem_on_later_lines(vocab):
    error = refused("∀x\n  happy(x) ∧ hapy(x)", vocab)
    assert (error.line, error.column) == (2, 14)
    assert error.render().splitlines()[-1] == "  " + " " * 13 + "^^^^"


def test_parse_formula_allows_declared_free_variables(vocab):
    f = parse_formula("likes(x, father(x))", vocab, free=("x",))
    assert f == P("likes", x, F("father", x))
    with pytest.raises(ParseError):
        parse_formula("likes(x, father(x))", vocab)


def test_falsum_for_derivations(vocab):
    assert parse("⊥", vocab) == ast.Falsum()
    assert parse("false", vocab) == ast.Falsum()


def test_spans_do_not_take_part_in_equality(vocab):
    assert parse("∀x   happy(x)", vocab) == parse("∀x happy(x)", vocab)
    assert hash(parse_statement("∀x   happy(x)", vocab)) == hash(
        parse_statement("∀x happy(x)", vocab)
    )


def test_absurdly_deep_statements_are_refused_cleanly(vocab):
    error = refused("¬" * 500 + "∀x happy(x)", vocab)
    assert "nested more than 100 levels" in error.message
    assert "longer than 2,000 characters" in refused("¬" * 5000 + "∀x happy(x)", vocab).message
    assert parse_statement("¬" * 90 + "∀x happy(x)", vocab)
    deep_terms = "∀x happy(" + "father(" * 200 + "x" + ")" * 201
    assert "nested more than" in refused(deep_terms, vocab).message
