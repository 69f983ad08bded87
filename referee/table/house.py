"""House-rule switches typed at the command line: ``--house RULE=VALUE``.

Every game keeps its house rules as a frozen dataclass of plain fields
(bool, int, str or an enum) stored in the record's setup. This module reads
one switch into a copy of such a dataclass, checking the rule's name and the
value's type once, where the text enters, so no game writes its own parser
of ``yes``/``no`` and numbers.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, TypeVar, cast, get_type_hints

T = TypeVar("T")

_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")


class SwitchError(ValueError):
    """A switch that names no rule or gives it a value of the wrong kind."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        self.message = message


def rule_names(rules: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(rules))


def allowed_values(rules: Any, name: str) -> str:
    """The values a rule takes, for help texts and messages."""
    kind = get_type_hints(type(rules))[name]
    if kind is bool:
        return "yes or no"
    if kind is int:
        return "a whole number"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "one of " + ", ".join(str(m.value) for m in kind)
    return "text"


def with_switch(rules: T, text: str) -> T:
    """``rules`` with the switch ``RULE=VALUE`` applied (``RULE`` alone means ``RULE=yes``)."""
    name, sep, raw = text.partition("=")
    name = name.strip().lower().replace("-", "_")
    raw = raw.strip() if sep else "yes"
    names = rule_names(rules)
    if name not in names:
        raise SwitchError(name, f"unknown house rule (known: {', '.join(names)})")
    kind = get_type_hints(type(rules))[name]
    value: Any
    if kind is bool:
        if raw.lower() not in _TRUE + _FALSE:
            raise SwitchError(name, f"expected yes or no, got {raw!r}")
        value = raw.lower() in _TRUE
    elif kind is int:
        try:
            value = int(raw)
        except ValueError:
            raise SwitchError(name, f"expected a whole number, got {raw!r}") from None
        if value < 0:
            raise SwitchError(name, f"expected a whole number ≥ 0, got {value}")
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            value = kind(raw.lower())
        except ValueError:
            raise SwitchError(
                name, f"expected {allowed_values(rules, name)}, got {raw!r}"
            ) from None
    elif kind is str:
        value = raw
    else:  # pragma: no cover - a programming error in a game's rules class
        raise TypeError(f"house rule {name} has a type switches cannot set: {kind!r}")
    try:
        return dataclasses.replace(cast(Any, rules), **{name: value})
    except ValueError as exc:
        raise SwitchError(name, str(exc)) from None


def with_switches(rules: T, texts: tuple[str, ...] | list[str]) -> T:
    for text in texts:
        rules = with_switch(rules, text)
    return rules


def describe(rules: Any) -> tuple[tuple[str, str], ...]:
    """Each rule with its value as a table would type it (``yes``/``no``, enum values)."""
    out = []
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif isinstance(value, enum.Enum):
            shown = str(value.value)
        else:
            shown = str(value)
        out.append((f.name, shown))
    return tuple(out)
