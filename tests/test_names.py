"""Issues 19 and 20: one name rule for every name in every game.

Names that read the same are the same (NFKC and case folding); names that
collide are refused with both spellings shown; invisible characters, names
starting with a combining mark and overlong names are refused; a player's
name is not a number (the command language reads that as a position). New
games meet the rule; records made before it still load and replay.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from cogito_helpers import EXAMPLE_TEXT  # noqa: E402

from referee.cli.main import main  # noqa: E402
from referee.cogito.commands import CogitoCommands  # noqa: E402
from referee.cogito.diagram import DiagramError, load_diagram  # noqa: E402
from referee.cogito.outcomes import Named  # noqa: E402
from referee.cogito.records import GAME as COGITO  # noqa: E402
from referee.cogito.setup import Setup as CogitoSetup  # noqa: E402
from referee.cogito.setup import SetupError as CogitoSetupError  # noqa: E402
from referee.cogito.state import Game as CogitoGame  # noqa: E402
from referee.ergo.commands import ErgoCommands  # noqa: E402
from referee.ergo.decks import bundled_deck_path as ergo_deck_path  # noqa: E402
from referee.ergo.records import GAME as ERGO  # noqa: E402
from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup  # noqa: E402
from referee.ergo.setup import SetupError as ErgoSetupError  # noqa: E402
from referee.invicta.setup import Setup as InvictaSetup  # noqa: E402
from referee.language.names import (  # noqa: E402
    MAX_NAME,
    NameFault,
    NameRefused,
    check_player_names,
    collision,
    find_name,
    name_key,
    name_problem,
)
from referee.palmer.setup import HouseRules as PalmerRules  # noqa: E402
from referee.palmer.setup import RulesError  # noqa: E402
from referee.palmer.setup import Settings as PalmerSettings  # noqa: E402
from referee.palmer.setup import Setup as PalmerSetup  # noqa: E402
from referee.resources import default_deck_path  # noqa: E402
from referee.table.record import Record, dumps, loads  # noqa: E402
from referee.table.session import Refused, Session  # noqa: E402

CAFE, CAFE_COMBINED = "Caf\u00e9", "Cafe\u0301"
ZOE, ZOE_COMBINED = "Zo\u00eb", "Zoe\u0308"


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


# ------------------------------------------------------------------ the rule


def test_names_that_read_the_same_have_one_key():
    assert name_key(CAFE) == name_key(CAFE_COMBINED) == name_key("CAFÉ")
    assert name_key("Cat") == name_key("\uff23\uff41\uff54")  # full-width Ｃａｔ
    assert name_key(ZOE) == name_key(ZOE_COMBINED.upper())
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("ann") != name_key("anne")


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("", NameFault.EMPTY),
        ("   ", NameFault.EMPTY),
        (" ann", NameFault.EDGE_SPACE),
        ("a\u200bb", NameFault.REFUSED_CHARACTER),  # zero-width space
        ("a\u202eb", NameFault.REFUSED_CHARACTER),  # right-to-left override
        ("a\x1b[31mb", NameFault.REFUSED_CHARACTER),
        ("a\tb", NameFault.REFUSED_CHARACTER),
        ("\u0301\u0301", NameFault.COMBINING_START),  # only accents
        ("\u0301a", NameFault.COMBINING_START),
        ("x" * (MAX_NAME + 1), NameFault.TOO_LONG),
    ],
)
def test_a_name_alone_is_refused_for_what_cannot_be_read(name, fault):
    problem = name_problem(name)
    assert problem is not None and problem.fault is fault
    assert name_problem(name, player=True).fault is fault


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("1", NameFault.POSITION),
        ("12", NameFault.POSITION),
        ("\uff12", NameFault.POSITION),  # a full-width 2 reads as 2
        ("ann bob", NameFault.SEPARATOR),
        ("ann,bob", NameFault.SEPARATOR),
    ],
)
def test_a_player_name_is_one_word_and_not_a_position(name, fault):
    assert name_problem(name, player=True).fault is fault


def test_good_names_pass():
    for name in ("alice", ZOE, CAFE_COMBINED, "x" * MAX_NAME, "r2d2", "Ann-Marie", "李"):
        assert name_problem(name, player=True) is None, name
    assert name_problem("Venus flytrap") is None  # a card's name may have a space


def test_a_collision_shows_both_spellings():
    with pytest.raises(NameRefused) as caught:
        check_player_names(["bob", ZOE, ZOE_COMBINED])
    problem = caught.value.problem
    assert problem.fault is NameFault.COLLISION
    assert (problem.other, problem.name) == (ZOE, ZOE_COMBINED)
    message = str(caught.value)
    assert "Zo\\u00eb" in message and "Zoe\\u0308" in message
    assert collision(["ann", "bob"]) is None


@pytest.mark.parametrize(
    "char",
    ["\u034f", "\ufe0f", "\u3164", "\u115f", "\uffa0", "\u2800", "\U000e0101", "\u180b"],
)
def test_a_name_with_a_character_drawn_as_nothing_is_refused_naming_it(char):
    """U+034F COMBINING GRAPHEME JOINER, U+FE0F VARIATION SELECTOR-16, the Hangul fillers:
    letters and marks a font draws as nothing, so "x" and "x" + one of them were two seats
    that both showed as x."""
    for name in ("x" + char, char + "x", char):
        problem = name_problem(name, player=True)
        assert problem is not None and problem.fault is NameFault.REFUSED_CHARACTER, name
        assert f"U+{ord(char):04X}" in str(problem) and "cannot be seen" in str(problem)
        assert name_problem(name) is not None  # a card's name too


def test_names_that_look_the_same_are_refused_as_the_same():
    """UTS #39's skeleton: a Cyrillic а for a Latin a, capital I for l, with or without
    case; accents still count, as before."""
    for first, second in [
        ("ann", "\u0430nn"),  # Cyrillic а
        ("ANN", "\u0430nn"),  # and a case apart
        ("Al", "AI"),  # capital I for small l
        ("hex", "he\u0445"),  # Cyrillic х
        ("Tom", "Torn"),  # rn for m
    ]:
        problem = collision(["bob", first, second])
        assert problem is not None and problem.fault is NameFault.LOOKALIKE, (first, second)
        assert (problem.other, problem.name) == (first, second)
        assert "look the same" in str(problem)
    assert "\\u0430nn" in str(collision(["ann", "\u0430nn"]))  # how it is written, shown
    for apart in (["Zo\u00eb", "Zoe"], ["ann", "anne"], ["bob", "b0b"], ["ann", "bob", "cat"]):
        assert collision(apart) is None, apart
    with pytest.raises(NameRefused):
        check_player_names(["ann", "\u0430nn"])


def test_find_name_uses_the_same_key():
    assert find_name("bob", ["ann", "BOB"]) == "BOB"
    assert find_name(CAFE_COMBINED, [CAFE, "Oak"]) == CAFE
    assert find_name("carol", ["ann", "BOB"]) is None


# ------------------------------------------------------- every game, new setup


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("1,2,3", "is a number"),
        ("ann,BOB,Ann", "'ann' and 'Ann' are the same name"),
        (f"{ZOE},{ZOE_COMBINED},bob", "Zoe\\u0308"),
        ("\u0301\u0301,bob,carol", "combining mark"),
        ("x" * 41 + ",bob,carol", "longer than 40"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [["play"], ["ergo", "play"], ["cogito", "play"]],
)
def test_every_game_refuses_the_same_names_at_a_new_game(tmp_path, command, players, words):
    if command == ["ergo", "play"] and players.count(",") > 3:
        pytest.skip("Ergo seats four")
    record = tmp_path / "new.json"
    result = run(*command, "--players", players, "--record", str(record))
    assert result.exit_code != 0 and words in result.output, result.output
    assert not record.exists()


@pytest.mark.parametrize(
    ("white", "black", "words"),
    [("1", "bob", "is a number"), (ZOE, ZOE_COMBINED.upper(), "the same name")],
)
def test_invicta_refuses_the_same_names(tmp_path, white, black, words):
    result = run(
        "invicta", "play", "--white", white, "--black", black, "--record", str(tmp_path / "i.json")
    )
    assert result.exit_code != 0 and words in result.output, result.output


def test_the_setups_share_the_rule():
    palmer = PalmerSetup(
        PalmerSettings(("ann", "Ann")),
        PalmerRules(),
        default_deck_path().read_text(encoding="utf-8"),
    )
    with pytest.raises(RulesError, match="same name"):
        palmer.check_new()
    with pytest.raises(CogitoSetupError, match="is a number"):
        CogitoSetup(("1", "2", "3"), 1, EXAMPLE_TEXT).check_new()
    with pytest.raises(ValueError, match="same name"):
        InvictaSetup(ZOE, ZOE_COMBINED).check_new()
    with pytest.raises(ErgoSetupError, match="same name"):
        ergo_setup("ann,BOB,Ann").check_new()


# ------------------------------------------------------------ typed at the prompt


def ergo_setup(players: str) -> Setup:
    seats = tuple(Seat(name, "ABCD"[i]) for i, name in enumerate(players.split(",")))
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    return Setup(Settings(seats, Mode.TABLE, 1, 50), HouseRules(), text, "english.toml")


def test_ergo_fallacy_bob_finds_BOB():
    s = Session(Record(ERGO, ergo_setup("ann,BOB")), ErgoCommands())
    got = s.execute("fallacy bob")
    assert not any(isinstance(o, Refused) for o in got), got
    assert "BOB" in s.game.fallacy


def cafe_deck() -> str:
    return EXAMPLE_TEXT.replace("\nOak =", f'\n"{CAFE}" =')


def test_a_cogito_naming_the_card_written_another_way_is_right():
    setup = CogitoSetup(("alice", "bob"), 1, cafe_deck(), "cafe.toml")
    game = CogitoGame.new(setup)
    game.seat("alice").self_card = CAFE
    session = Session(Record(COGITO, setup), CogitoCommands(), game)
    got = session.execute(f"cogito alice {CAFE_COMBINED}")
    named = [o for o in got if isinstance(o, Named)]
    assert named and named[0].event.right and named[0].event.named == CAFE, got


def test_a_cogito_deck_with_two_cafes_is_refused_with_both_spellings():
    text = cafe_deck().replace("\nMoss =", f'\n"{CAFE_COMBINED}" =')
    with pytest.raises(DiagramError) as caught:
        load_diagram(text, "two-cafes.toml")
    assert "Caf\\u00e9" in str(caught.value) and "Cafe\\u0301" in str(caught.value)


def test_a_palmer_deck_with_symbols_that_read_the_same_is_refused(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text("[vocabulary]\npredicates = {likes = 2, Likes = 1}\n", encoding="utf-8")
    result = run("cards", "--deck", str(deck))
    assert result.exit_code != 0 and "'likes' and 'Likes'" in result.output, result.output


# ------------------------------------------------------------------ old records


def test_records_made_before_the_rule_still_load_and_replay(tmp_path):
    """A record's setup is read with the rules it was made under: names refused today
    (ann and Ann in Ergo, digits in Cogito) still load, replay and resume."""
    ergo = Record(ERGO, ergo_setup("ann,Ann"))
    record, game = loads(dumps(ergo), ERGO)
    assert game.players == ("ann", "Ann")
    cogito = Record(COGITO, CogitoSetup(("1", "2", "3"), 1, EXAMPLE_TEXT))
    record, game = loads(dumps(cogito), COGITO)
    assert [s.name for s in game.seats] == ["1", "2", "3"]
    path = tmp_path / "old.json"
    path.write_text(dumps(cogito), encoding="utf-8")
    result = run("cogito", "replay", "--json", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)
