"""Moves as typed and move lists as files: shape only, every error with its column."""

import pytest

from referee.client.reasons import reason_words
from referee.invicta.board import Side, Square
from referee.invicta.events import CODEC, Move, Place
from referee.invicta.notation import (
    MoveListError,
    NotationError,
    Placement,
    Step,
    as_event,
    parse_move,
    parse_move_list,
)
from referee.invicta.refusals import Why
from referee.invicta.setup import Corners, HouseRules, Setup
from referee.invicta.words import HOW, notation_words
from referee.language.shapes import ShapeError, decode
from referee.table.errors import RecordError
from referee.table.house import SwitchError, with_switch, with_switches


def sq(name):
    return Square.parse(name)


@pytest.mark.parametrize(
    "text, move",
    [
        ("e5", Placement(sq("e5"))),
        ("  a10 ", Placement(sq("a10"))),
        ("E5", Placement(sq("e5"))),
        ("e5-e6", Step(sq("e5"), sq("e6"))),
        ("e5 - e6", Step(sq("e5"), sq("e6"))),
        ("i10-a1", Step(sq("i10"), sq("a1"))),
    ],
)
def test_moves_read(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text, column, why, words",
    [
        ("", 1, Why.NO_MOVE, "no move"),
        ("j5", 1, Why.OFF_COLUMNS, "j5 is not on the board: the columns are a to i"),
        ("e11", 1, Why.OFF_ROWS, "the rows are 1 to 10"),
        ("e0", 1, Why.OFF_ROWS, "the rows are 1 to 10"),
        ("e5-", 4, Why.EXPECTED_TARGET, "expected a square after '-', found the end of the line"),
        ("e5-e11", 4, Why.OFF_ROWS, "e11 is not on the board"),
        ("e5 +e6", 4, Why.EXPECTED_DASH, "expected '-'"),
        ("e5-e6 x", 7, Why.TEXT_AFTER_MOVE, "unexpected text"),
        ("pass", 1, Why.NOT_A_SQUARE, "'pass' is not a square"),
        ("-e5", 1, Why.EXPECTED_SQUARE, "expected a square, found '-'"),
        ("e5xe6", 1, Why.NOT_A_SQUARE, "'e5xe6' is not a square"),
        ("e5--e6", 4, Why.ONE_DASH, "one dash"),
    ],
)
def test_text_that_is_not_a_move_names_the_column(text, column, why, words):
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.column == column and info.value.reason.why is why
    assert words in notation_words(info.value.reason)  # worded at the edge


def test_a_move_typed_at_the_prompt_is_refused_with_a_caret_under_the_fault():
    with pytest.raises(NotationError) as info:
        parse_move("e5 -> e6")
    assert reason_words(info.value.reason).split("\n") == [
        "expected a square after '-', found '>': " + HOW,
        "  e5 -> e6",
        "      ^",
    ]


def test_a_move_is_an_event_of_the_side_given():
    assert as_event(parse_move("e5"), Side.BLACK) == Place(Side.BLACK, sq("e5"))
    assert as_event(parse_move("e5-e6"), Side.WHITE) == Move(Side.WHITE, sq("e5"), sq("e6"))


def test_a_move_list_skips_comments_and_blank_lines_and_keeps_line_numbers():
    text = "# a game\n\ne5\n  d4   # black\nE5-e6\r\n\n"
    moves = parse_move_list(text)
    assert [(m.line, m.column, m.text) for m in moves] == [
        (3, 1, "e5"),
        (4, 3, "d4"),
        (5, 1, "E5-e6"),
    ]
    assert moves[2].move == Step(sq("e5"), sq("e6"))


def test_a_move_list_line_that_is_not_a_move_is_named_by_line_and_column():
    with pytest.raises(MoveListError) as info:
        parse_move_list("e5\nd4\n  e5 -> e6\n")
    exc = info.value
    assert (exc.line, exc.column) == (3, 7)  # the ">"
    assert exc.source == "  e5 -> e6"


def test_events_are_read_back_from_records_and_bad_squares_are_named():
    event = Move(Side.WHITE, sq("a1"), sq("a5"))
    data = event.to_json()
    assert data == {"type": "move", "side": "white", "origin": "a1", "target": "a5"}
    assert CODEC.decode(data) == event
    with pytest.raises(RecordError) as info:
        CODEC.decode({"type": "place", "side": "white", "square": "j5"}, 3)
    assert "event 3" in str(info.value) and "square" in str(info.value)
    with pytest.raises(RecordError):
        CODEC.decode({"type": "place", "side": "green", "square": "e5"}, 1)


def test_setup_reads_back_and_refuses_what_is_not_a_setup():
    setup = Setup("alice", "bob", HouseRules(corners=Corners.ONE))
    assert decode(Setup, setup.to_json()) == setup
    assert decode(Setup, {"white": "a", "black": "b"}).rules == HouseRules()
    with pytest.raises(ShapeError):
        decode(Setup, {"white": "a", "black": "a"})
    with pytest.raises(ShapeError):
        decode(Setup, {"white": "a", "black": "b", "rules": {"castling": True}})


def test_house_switches():
    rules = with_switches(HouseRules(), ["first=black", "corner-cut", "corners=ONE"])
    assert rules == HouseRules(first=Side.BLACK, corner_cut=True, corners=Corners.ONE)
    assert with_switch(rules, "corner_cut=no").corner_cut is False
    for bad, words in [
        ("castling=yes", "unknown house rule"),
        ("corner_cut=maybe", "yes or no"),
        ("first=red", "one of white, black"),
        ("corners=2", "one of any, one"),
    ]:
        with pytest.raises(SwitchError) as info:
            with_switch(HouseRules(), bad)
        assert words in info.value.message
