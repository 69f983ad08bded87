"""The English helpers, as the interface imports them (they live in
:mod:`referee.language.english`, low enough for the words of located errors)."""

from referee.language.english import (
    IRREGULAR,
    and_list,
    article,
    count,
    numbers,
    plural,
    thousands,
)

__all__ = ["IRREGULAR", "and_list", "article", "count", "numbers", "plural", "thousands"]
