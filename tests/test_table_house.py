"""House-rule switches shared by every game: one reading of --house RULE=VALUE."""

import enum
from dataclasses import dataclass

import pytest

from referee.table.house import SwitchError, with_switch


class Order(enum.StrEnum):
    TURN = "turn"
    ROUND = "round"


@dataclass(frozen=True)
class Rules:
    flag: bool = False
    count: int = 0
    order: Order = Order.TURN
    label: str = ""


def test_each_kind_of_rule_is_read_from_its_words():
    rules = Rules()
    assert with_switch(rules, "flag=yes").flag is True
    assert with_switch(with_switch(rules, "flag=on"), "flag=No").flag is False
    assert with_switch(rules, "flag").flag is True  # a bare rule is switched on
    assert with_switch(rules, "count = 3").count == 3
    assert with_switch(rules, "order=ROUND").order is Order.ROUND
    assert with_switch(rules, "label=x y").label == "x y"
    assert rules == Rules()  # a copy, never the original


def test_dashes_and_underscores_name_the_same_rule():
    @dataclass(frozen=True)
    class Two:
        keep_it: bool = False

    assert with_switch(Two(), "keep-it=yes").keep_it is True


@pytest.mark.parametrize(
    "text, message",
    [
        ("nope=1", "nope: unknown house rule (known: flag, count, order, label)"),
        ("flag=maybe", "flag: expected yes or no, got 'maybe'"),
        ("count=many", "count: expected a whole number, got 'many'"),
        ("count=-2", "count: expected a whole number ≥ 0, got -2"),
        ("order=sideways", "order: expected one of turn, round, got 'sideways'"),
    ],
)
def test_a_bad_switch_names_the_rule_and_what_it_accepts(text, message):
    with pytest.raises(SwitchError) as caught:
        with_switch(Rules(), text)
    assert str(caught.value) == message
