"""The command-line contract of `referee cogito judge` and `referee cogito possible`, pinned."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from cogito_helpers import EXAMPLE

from referee.cli.main import main

DECK = str(EXAMPLE)


def run(*args):
    return CliRunner().invoke(main, ["cogito", *args], catch_exceptions=False)


def test_judge_prints_one_entry_per_declaration_exactly():
    result = run(
        "judge", "--deck", DECK, "--self", "Casablanca", "--json", "Plant", "Animal", "Tulip"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {
            "not": "Plant",
            "true": False,
            "why": "Casablanca is a Flower, and every Flower is a Plant",
        },
        {"not": "Animal", "true": True, "why": "Casablanca is a Flower and a Plant, not an Animal"},
        {
            "not": "Tulip",
            "true": True,
            "why": "Casablanca is not Tulip: each Self card is only itself",
        },
    ]
    assert result.stderr == ""


def test_judge_for_ego_is_always_true():
    result = run("judge", "--deck", DECK, "--self", "Ego", "--json", "Plant", "Bird", "Casablanca")
    data = json.loads(result.stdout)
    assert [e["true"] for e in data] == [True, True, True]
    assert data[0]["why"] == "Ego belongs to no category"


def test_judge_without_json_words_it_for_people():
    result = run("judge", "--deck", DECK, "--self", "Sparrow", "Animal")
    assert result.exit_code == 0
    assert result.stdout == (
        '"I am not Animal!" false: Sparrow is a Bird, every Bird is a Vertebrate, '
        "and every Vertebrate is an Animal\n"
    )


def test_possible_prints_every_consistent_self_card_in_the_decks_order():
    result = run("possible", "--deck", DECK, "--blue", "Plant", "--red", "Vertebrate", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"possible": ["Salmon", "Sparrow", "Penguin"]}
    result = run("possible", "--deck", DECK, "--json")
    assert json.loads(result.stdout) == {
        "possible": [
            "Casablanca",
            "Ego",
            "Tulip",
            "Oak",
            "Moss",
            "Salmon",
            "Sparrow",
            "Penguin",
            "Jellyfish",
        ]
    }
    result = run("possible", "--deck", DECK, "--blue", "Plant", "--red", "Plant", "--json")
    assert json.loads(result.stdout) == {"possible": []}
    result = run("possible", "--deck", DECK, "--red", "Flower", "--blue", "Casablanca", "--json")
    assert json.loads(result.stdout) == {"possible": ["Tulip"]}


def test_possible_takes_self_cards_seen_elsewhere_and_ignores_a_red_ego_card():
    result = run(
        "possible", "--deck", DECK, "--red", "Bird", "--red", "Ego", "--seen", "Sparrow", "--json"
    )
    assert json.loads(result.stdout) == {"possible": ["Penguin"]}
    words = run("possible", "--deck", DECK, "--red", "Bird")
    assert words.stdout.splitlines()[0] == "Possible: Sparrow or Penguin"
    assert (
        '  not Casablanca: "not Bird" was judged false (red), but Casablanca is a Flower and a Plant, not a Bird'
        in words.stdout
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["judge", "--self", "Rose", "Plant"], "'Rose' is not a Self card of this deck"),
        (["judge", "--self", "Flower", "Plant"], "'Flower' is a category, not a Self card"),
        (["judge", "--self", "Oak", "Rose"], "'Rose' is not a category or a Self card"),
        (["judge", "--self", "Oak", "Dream"], "Dream is the Dream card: it declares nothing"),
        (["possible", "--blue", "Rose"], "'Rose' is not a category or a Self card"),
        (["possible", "--blue", "Ego"], "the Ego card has no blue position"),
        (["possible", "--seen", "Plant"], "'Plant' is a category, not a Self card"),
    ],
)
def test_unknown_names_are_a_clear_error_with_exit_1(args, message):
    result = run(*args[:1], "--deck", DECK, *args[1:])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "deck, line, message",
    [
        (
            '[categories]\nPlant = []\nFlower = ["Plnt"]\n[selves]\nRose = []\n',
            3,
            "'Plnt', which is not a category",
        ),
        ('[categories]\nA = ["B"]\nB = ["A"]\n[selves]\nRose = []\n', 3, "circle: A → B → A"),
        ('[categories]\nPlant = []\n[selves]\n= ["Plant"]\n', 4, "a Self card without a name"),
        ('[categories]\nPlant = []\n[selves]\n"" = ["Plant"]\n', 4, "a Self card without a name"),
    ],
)
@pytest.mark.parametrize("command", [["judge", "--self", "Rose", "Plant"], ["possible"]])
def test_a_bad_deck_is_an_error_naming_its_line(tmp_path, deck, line, message, command):
    path = tmp_path / "bad.toml"
    path.write_text(deck, encoding="utf-8")
    result = run(command[0], "--deck", str(path), "--json", *command[1:])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}, line {line}: ")
    assert message in result.stderr
    assert result.stdout == ""


def test_a_missing_deck_file_is_exit_1(tmp_path):
    result = run("possible", "--deck", str(tmp_path / "none.toml"), "--json")
    assert result.exit_code == 1 and "no such deck file" in result.stderr


@pytest.mark.slow
def test_the_installed_command_keeps_the_contract():
    cmd = [sys.executable, "-m", "referee.cli.main", "cogito", "judge", "--deck", DECK]
    done = subprocess.run(
        [*cmd, "--self", "Casablanca", "--json", "Flower"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout) == [
        {"not": "Flower", "true": False, "why": "Casablanca is a Flower"}
    ]
