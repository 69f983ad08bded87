"""Deck files: the example deck as the seed describes it, and every error with its line."""

import textwrap

import pytest
from cogito_helpers import EXAMPLE_TEXT, example

from referee.cogito.diagram import CardKind, DiagramError, load_diagram
from referee.language.tomlines import KeyLines


def test_the_example_deck_holds_what_the_seed_says():
    d = example()
    assert d.size == 20  # "20 game cards"
    assert len(d.self_names) == 9  # "Shuffle nine 'Self cards'"
    assert {"Plant", "Flower", "Vertebrate", "Animal", "Bird", "Tree"} <= set(d.category_names)
    assert set(d.belongs("Casablanca")) == {"Plant", "Flower"}
    assert d.belongs("Ego") == () and d.ego == "Ego"
    assert d.card("Ego").kind == CardKind.EGO and d.card("Dream").kind == CardKind.DREAM
    assert all(d.card(s).stratum == "III" and d.card(s).count == 1 for s in d.self_names)
    assert d.card("Dream").stratum == ""


def test_the_example_deck_says_plainly_it_is_not_the_printed_diagram():
    head = EXAMPLE_TEXT.splitlines()[0]
    assert "EXAMPLE" in head and "NOT THE PRINTED GAME'S DIAGRAM" in head
    assert "not the printed game's diagram" in example().note
    # every line past the rules' own facts says it is invented
    for line in EXAMPLE_TEXT.splitlines():
        if "=" in line and not line.startswith(("#", "[", "name", "note")):
            assert "# invented" in line or "# from the rules" in line, line


def test_membership_is_inherited_upward_with_the_shortest_chain():
    d = load_diagram(
        textwrap.dedent(
            """\
            [categories]
            Animal = []
            Vertebrate = ["Animal"]
            Bird = ["Vertebrate", "Flyer"]
            Flyer = ["Animal"]
            [selves]
            Sparrow = ["Bird"]
            """
        )
    )
    assert d.chain("Sparrow", "Animal") == ("Sparrow", "Bird", "Vertebrate", "Animal")
    assert d.chain("Sparrow", "Sparrow") == ("Sparrow",)
    assert d.belongs("Sparrow") == ("Bird", "Vertebrate", "Flyer", "Animal")


def test_names_are_found_whatever_their_case():
    d = example()
    assert d.lookup("casablanca") == "Casablanca" and d.lookup(" FLOWER ") == "Flower"
    assert d.lookup("dream") == "Dream" and d.lookup("Rose") is None


def test_counts_and_strata_and_specials_are_read():
    d = load_diagram(
        textwrap.dedent(
            """\
            name = "ours"
            [categories]
            Plant = []
            [selves]
            Rose = ["Plant"]
            "Lucid Self" = []
            [cards]
            plant = 3
            Sleep = 2
            [strata]
            Plant = "I"
            [special]
            ego = "Lucid Self"
            dream = "Sleep"
            """
        )
    )
    assert d.name == "ours" and d.ego == "Lucid Self" and d.dream == "Sleep"
    assert d.card("Plant").count == 3 and d.card("Plant").stratum == "I"
    assert d.card("Sleep").count == 2 and d.size == 3 + 1 + 1 + 2
    assert d.card("Lucid Self").kind == CardKind.EGO


def test_a_deck_without_an_ego_card_has_none():
    d = load_diagram("[selves]\nRose = []\nIris = []\n[cards]\nDream = 0\n")
    assert d.ego is None and d.pile() == ["Rose", "Iris"]


BAD = [
    # (deck text, line, words in the message)
    (
        '[categories]\nPlant = []\nFlower = ["Plnt"]\n[selves]\nRose = ["Flower"]\n',
        3,
        "'Plnt', which is not a category",
    ),
    (
        '[categories]\nPlant = []\n[selves]\nRose = ["Flower"]\n',
        4,
        "'Flower', which is not a category",
    ),
    (
        '[categories]\nA = ["B"]\nB = ["C"]\nC = ["A"]\n[selves]\nx = []\n',
        4,
        "circle: A → B → C → A",
    ),
    ('[categories]\nA = ["A"]\n[selves]\nx = []\n', 2, "circle: A → A"),
    ('[categories]\nA = []\nB = [\n  "A",\n  "B",\n]\n[selves]\nx = []\n', 5, "circle: B → B"),
    ('[categories]\nPlant = []\n[selves]\n= ["Plant"]\n', 4, "a Self card without a name"),
    ('[categories]\nPlant = []\n[selves]\n"" = ["Plant"]\n', 4, "a Self card without a name"),
    ('[categories]\nPlant = []\n[selves]\n"  " = []\n', 4, "a Self card without a name"),
    ('[categories]\n"" = []\n[selves]\nx = []\n', 2, "a category without a name"),
    (
        "[categories]\nFlower = []\n[selves]\nRose = []\nFlower = []\n",
        5,
        "Flower is both a category (line 2) and a Self card",
    ),
    ("[categories]\nFlower = []\n[selves]\nflower = []\n", 4, "the same name written two ways"),
    # issue 19: names that look the same are the same name (NFKC and case folding)
    ('[selves]\n"Caf\u00e9" = []\n"Cafe\u0301" = []\n', 3, "(Caf\\u00e9) (line 2) are the same"),
    ('[categories]\nCat = []\n[selves]\n"\uff23\uff41\uff54" = []\n', 4, "same name"),
    ('[selves]\n"\u0301\u0301" = []\nRose = []\n', 2, "starts with the combining mark U+0301"),
    ("[selves]\n" + "R" * 41 + " = []\n", 2, "longer than 40 characters"),
    (
        '[categories]\nPlant = []\n[selves]\nRose = ["Plant"]\nTulip = ["Rose"]\n',
        5,
        "'Rose', which is a Self card, not a category",
    ),
    ('[selves]\nRose = "Plant"\n', 2, "must list the categories"),
    ("[selves]\nRose = []\n[wishes]\nx = 1\n", 3, "'wishes' is not part of a Cogito deck"),
    ("[categories]\nPlant = []\n", None, "needs a [selves] table"),
    ("[selves]\n", 1, "no Self cards"),
    ('[categories]\nPlant = []\n[selves]\nEgo = ["Plant"]\n', 4, "belongs to no category"),
    ('[selves]\nRose = []\n[special]\nego = "Iris"\n', 4, "not a Self card"),
    ('[selves]\nRose = []\n[special]\nwish = "x"\n', 4, "not a special card"),
    ("[selves]\nRose = []\nDream = []\n", 3, "Dream card's name too"),
    ("[selves]\nRose = []\n[cards]\nRose = 2\n", 4, "exactly one of it"),
    ("[selves]\nRose = []\n[cards]\nTulip = 2\n", 4, "'Tulip' is not a card of this deck"),
    ("[selves]\nRose = []\n[cards]\nDream = -1\n", 4, "whole number ≥ 0"),
    ('[selves]\nRose = []\n[strata]\nRose = "I"\n', 4, "its stratum is III"),
    (
        '[categories]\nP = []\n[selves]\nRose = []\n[strata]\nP = "IV"\n',
        6,
        'a stratum is "I", "II", "III"',
    ),
    ("[selves]\nRose = []\nRose = []\n", 3, "written twice"),
    ("[selves]\nRose = [\n", 2, "not valid TOML"),
]


@pytest.mark.parametrize("text, line, words", BAD)
def test_every_error_names_its_line(text, line, words):
    with pytest.raises(DiagramError) as caught:
        load_diagram(text, "deck.toml")
    error = caught.value
    assert error.line == line, str(error)
    assert words in error.message, error.message
    where = f"deck.toml, line {line}: " if line else "deck.toml: "
    assert str(error).startswith(where), str(error)
    if line is not None and text.splitlines()[line - 1].strip():
        assert str(error).endswith(f"\n  {text.splitlines()[line - 1].rstrip()}")


def test_a_long_chain_of_categories_is_no_trouble():
    # 1,500 links: beyond Python's recursion limit, within the deck size limit (ruling 37).
    names = [f"C{i}" for i in range(1500)]
    lines = (
        ["[categories]"]
        + [f'{a} = ["{b}"]' for a, b in zip(names[:-1], names[1:], strict=True)]
        + [f"{names[-1]} = []"]
    )
    d = load_diagram("\n".join(lines + ["[selves]", 'x = ["C0"]']))
    assert len(d.chain("x", names[-1])) == len(names) + 1
    lines[-1] = f'{names[-1]} = ["C0"]'
    with pytest.raises(DiagramError, match="circle"):
        load_diagram("\n".join(lines + ["[selves]", "x = []"]))


def test_the_key_locator_reads_headers_quoted_and_dotted_keys():
    lines = KeyLines(
        textwrap.dedent(
            """\
            # a comment
            selves.Rose = []
            [ categories ]
            "Cherry Tree" = ["Tree"]   # quoted
            'Pine' = [
              "Tree",
            ]
            text = '''
            Fake = 1
            '''
            """
        )
    )
    assert lines.key("selves", "Rose") == 2
    assert lines.key("categories") == 3
    assert lines.key("categories", "Cherry Tree") == 4
    assert lines.value(("categories", "Pine"), "Tree") == 6
    assert lines.key("categories", "Fake") == 3  # inside a string: falls back to its table
    assert lines.key("nowhere") is None
