"""The judge and the aide against the seed's example and against an independent closure."""

import pytest
from cogito_helpers import example, rigged
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cogito.diagram import load_diagram
from referee.cogito.judge import (
    Colour,
    Declaration,
    Denied,
    UnknownName,
    declaration,
    deduce,
    judge,
)
from referee.cogito.refusals import Refusal, Why
from referee.cogito.terminal import why


def test_the_seeds_example_casablanca():
    """ "A Casablanca is Plant as well as Flower. But is not Vertebrate, Animal, Bird, Tree
    or other 'Self cards'." """
    d = example()
    for category in ("Plant", "Flower"):
        assert judge(d, "Casablanca", category).true is False
    for category in ("Vertebrate", "Animal", "Bird", "Tree"):
        assert judge(d, "Casablanca", category).true is True
    for other in d.self_names:
        if other != "Ego":  # "I am not Ego" is inconsistent whoever says it (below)
            assert judge(d, "Casablanca", other).true is (other != "Casablanca")


def test_i_am_not_ego_is_false_for_every_holder_as_the_game_lays_it_red(tmp_path):
    """The seed: "it is inconsistent to say 'I am not Ego'". One answer everywhere: the judge,
    `cogito judge`, the game (the Ego card lies red) and the aide (`possible --blue Ego`)."""
    from click.testing import CliRunner

    from referee.cli.main import main

    d = example()
    for holder in d.self_names:
        verdict = judge(d, holder, "Ego")
        assert verdict.true is False and verdict.colour.value == "red", holder
    result = CliRunner().invoke(main, ["cogito", "judge", "--self", "Oak", "Ego", "--json"])
    assert result.exit_code == 0 and '"true": false' in result.output, result.output
    assert "inconsistent" in result.output
    game = rigged({"alice": "Oak", "bob": "Ego"}, {"alice": ["Ego"], "bob": ["Plant"]}, [])
    assert game.position_of("alice", "Ego").value == verdict.colour.value == "red"
    refused = CliRunner().invoke(main, ["cogito", "possible", "--blue", "Ego"])
    assert refused.exit_code == 1 and "no blue position" in refused.output


def test_egos_declarations_are_always_true():
    d = example()
    for name in (*d.category_names, *d.self_names):
        if name != "Ego":  # the Ego card has no blue side: Ego never says "I am not Ego"
            verdict = judge(d, "Ego", name)
            assert verdict.true, name


def test_the_reason_is_the_chain_of_memberships():
    d = example()
    plant = judge(d, "Casablanca", "Plant")
    assert plant.chain == ("Casablanca", "Flower", "Plant") and plant.kind == Denied.CATEGORY
    assert why(plant) == "Casablanca is a Flower, and every Flower is a Plant"
    assert why(judge(d, "Casablanca", "Flower")) == "Casablanca is a Flower"
    assert why(judge(d, "Sparrow", "Animal")) == (
        "Sparrow is a Bird, every Bird is a Vertebrate, and every Vertebrate is an Animal"
    )
    animal = judge(d, "Casablanca", "Animal")
    assert animal.belongs == ("Flower", "Plant")
    assert why(animal) == "Casablanca is a Flower and a Plant, not an Animal"
    assert why(judge(d, "Ego", "Plant")) == "Ego belongs to no category"
    assert why(judge(d, "Oak", "Tulip")) == "Oak is not Tulip: each Self card is only itself"
    assert why(judge(d, "Oak", "Oak")) == "the Self card is Oak itself"


def test_unknown_names_are_refused():
    d = example()
    with pytest.raises(UnknownName) as info:
        judge(d, "Flower", "Plant")  # a category is no Self card
    assert info.value.reason == Refusal(Why.NOT_A_SELF_CARD, word="Flower")
    with pytest.raises(UnknownName) as info:
        judge(d, "Oak", "Rose")
    assert info.value.reason == Refusal(Why.NOT_A_NAME, word="Rose")


def test_the_aide_reads_blue_as_not_and_red_as_is():
    d = example()
    blue, red = Colour.BLUE, Colour.RED
    field = [Declaration("Plant", blue), Declaration("Vertebrate", red)]
    assert deduce(d, field).possible == ("Salmon", "Sparrow", "Penguin")
    assert deduce(d, field, seen=["Salmon"]).possible == ("Sparrow", "Penguin")
    assert deduce(d, [Declaration("Bird", red), Declaration("Sparrow", blue)]).possible == (
        "Penguin",
    )
    assert deduce(d, [Declaration("Plant", red), Declaration("Plant", blue)]).possible == ()
    assert deduce(d, []).possible == d.self_names
    out = deduce(d, [Declaration("Flower", red)])
    assert out.possible == ("Casablanca", "Tulip")
    ego = next(r for r in out.ruled_out if r.self_card == "Ego")
    assert ego.by == Declaration("Flower", red) and ego.judgement.true


def test_the_ego_card_red_says_nothing_and_cannot_lie_blue():
    d = example()
    assert declaration(d, "ego", Colour.RED) is None
    with pytest.raises(UnknownName) as info:
        declaration(d, "Ego", Colour.BLUE)
    assert info.value.reason == Refusal(Why.EGO_NEVER_BLUE, word="Ego")
    with pytest.raises(UnknownName) as info:
        declaration(d, "Dream", Colour.RED)
    assert info.value.reason == Refusal(Why.DREAM_DECLARES_NOTHING, word="Dream")


# ------------------------------------------------------------ random diagrams


@st.composite
def diagrams(draw):
    """A random diagram: categories nest only downwards in a hidden order, so no cycles."""
    n = draw(st.integers(1, 7))
    names = [f"C{i}" for i in draw(st.permutations(range(n)))]
    parents = {
        names[i]: draw(st.lists(st.sampled_from(names[:i]), unique=True, max_size=3)) if i else []
        for i in range(n)
    }
    m = draw(st.integers(1, 6))
    selves = {
        f"S{j}": draw(st.lists(st.sampled_from(names), unique=True, max_size=3)) for j in range(m)
    }
    lines = ["[categories]"]
    lines += [f"{c} = {ps!r}".replace("'", '"') for c, ps in parents.items()]
    lines += ["[selves]"] + [f"{s} = {ps!r}".replace("'", '"') for s, ps in selves.items()]
    return load_diagram("\n".join(lines)), parents, selves


def closure(parents, selves, name):
    """Every category ``name`` belongs to: the least fixpoint, computed apart from the code."""
    found = set(selves.get(name, parents.get(name, [])))
    while True:
        more = found | {p for c in found for p in parents[c]}
        if more == found:
            return found
        found = more


@settings(max_examples=150, deadline=None)
@given(diagrams())
def test_the_judge_agrees_with_the_closure_and_its_chains_are_real(case):
    d, parents, selves = case
    for s in selves:
        above = closure(parents, selves, s)
        for c in parents:
            verdict = judge(d, s, c)
            assert verdict.true == (c not in above)
            if verdict.true:
                assert set(verdict.belongs) == above
            else:
                chain = verdict.chain
                assert chain[0] == s and chain[-1] == c
                assert chain[1] in selves[s]
                assert all(b in parents[a] for a, b in zip(chain[1:-1], chain[2:], strict=True))
        for other in selves:
            assert judge(d, s, other).true == (s != other)


@settings(max_examples=150, deadline=None)
@given(diagrams(), st.data())
def test_the_aide_keeps_exactly_the_self_cards_every_declaration_fits(case, data):
    d, parents, selves = case
    names = [*parents, *selves]
    truth = data.draw(st.sampled_from(sorted(selves)))
    denied = data.draw(st.lists(st.sampled_from(names), max_size=5))
    # declarations as the judge judged them for the true Self card
    field = [Declaration(x, judge(d, truth, x).colour) for x in denied]
    result = deduce(d, field)
    assert truth in result.possible
    brute = [
        s
        for s in selves
        if all(
            (x not in closure(parents, selves, s) and x != s) == (c.colour == Colour.BLUE)
            for x, c in zip(denied, field, strict=True)
        )
    ]
    assert list(result.possible) == brute
    assert {r.self_card for r in result.ruled_out} == set(selves) - set(brute)


# ------------------------------------------------------- the project's prover


def test_the_judge_agrees_with_the_prover_on_the_example_diagram():
    """Membership as first-order logic: "I am not X" is false exactly when
    ∀x (Self(x) → X(x)) follows from the diagram's inclusions, which the
    engine proves (or refutes with a countermodel an independent evaluator
    checks). The judge's set computation must agree on every pair."""
    from referee.language.naming import statement_formula
    from referee.language.parser import parse_statement
    from referee.language.vocabulary import Vocabulary
    from referee.logic.engine import Engine, Limits, Status

    d = example()
    names = (*d.category_names, *d.self_names)
    vocabulary = Vocabulary.build({n: 1 for n in names})

    def formula(text):
        return statement_formula(parse_statement(text, vocabulary))

    premises = [
        formula(f"forall x ({low}(x) -> {high}(x))")
        for low, highs in (*d.categories, *d.selves)
        for high in highs
    ]
    with Engine(Limits(timeout=20.0)) as engine:
        for self_card in d.self_names:
            for category in d.category_names:
                goal = formula(f"forall x ({self_card}(x) -> {category}(x))")
                verdict = engine.entailment(premises, [goal])
                expected = (
                    Status.NOT_ENTAILED if judge(d, self_card, category).true else Status.ENTAILED
                )
                assert verdict.status == expected, (self_card, category)
