"""House-rule switches (``--house RULE=VALUE``) for any game's rules dataclass.

Every game keeps its house rules as a frozen dataclass of booleans, whole
numbers, enums or text, stored in the record's setup. A table sets them with
``--house RULE=VALUE``; this module reads such a switch once, with one set of
words for yes and no, and refuses an unknown rule or a value of the wrong
kind with a message naming the rule and what it accepts.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, TypeVar, get_type_hints

T = TypeVar("T")

YES = ("1", "true", "yes", "on", "y")
NO = ("0", "false", "no", "off", "n")


class HouseRuleError(ValueError):
    """A switch that names no rule, or gives it a value it cannot take."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        self.message = message


def rule_names(rules: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(rules))


def switch(rules: T, text: str) -> T:
    """``"keep_redundant=yes"`` → a copy of ``rules`` with that rule changed.

    A rule given without a value (``--house keep_redundant``) is switched on.
    Dashes and underscores are the same in rule names.
    """
    key, sep, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    known = rule_names(rules)
    if key not in known:
        raise HouseRuleError(key, f"unknown house rule (known: {', '.join(known)})")
    kind = get_type_hints(type(rules))[key]
    raw = raw.strip() if sep else "yes"
    value = _read(key, kind, raw)
    return dataclasses.replace(rules, **{key: value})  # type: ignore[type-var]


def _read(key: str, kind: Any, raw: str) -> Any:
    low = raw.lower()
    if kind is bool:
        if low in YES:
            return True
        if low in NO:
            return False
        raise HouseRuleError(key, f"expected yes or no, got {raw!r}")
    if kind is int:
        try:
            value = int(raw)
        except ValueError:
            raise HouseRuleError(key, f"expected a whole number, got {raw!r}") from None
        if value < 0:
            raise HouseRuleError(key, f"expected a whole number ≥ 0, got {value}")
        return value
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if low == str(member.value).lower():
                return member
        allowed = ", ".join(str(m.value) for m in kind)
        raise HouseRuleError(key, f"expected one of {allowed}, got {raw!r}")
    if kind is str:
        return raw
    raise TypeError(f"house rule {key} has a type no switch can set: {kind!r}")  # programming error
