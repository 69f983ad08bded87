"""The two ways an event can be wrong, kept apart as python-chess keeps them.

An *invalid* event has the wrong shape (a record edited by hand, a field
missing): :class:`RecordError`, raised where data is read. An *illegal*
event is well formed but the rules refuse it (not your turn, a card you do
not hold): :class:`IllegalEvent`, raised by a game's ``apply``.
"""

from __future__ import annotations

# Said instead of a refusal's reason where the reason would show what the deal hides.
HIDDEN_REASON = "the deal says otherwise (why is not shown: it would tell what the deal hides)"


class IllegalEvent(ValueError):
    """The rules refuse this event; ``field`` names the event field at fault.

    ``hidden``: the reason tells something the deal hides (a card not in a
    hand, a judgement that depends on a Self card). The player who typed the
    move may hear it; a replay or a resumed record, read by anyone, says only
    :attr:`public`.
    """

    def __init__(self, field: str, message: str, hidden: bool = False) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        self.hidden = hidden

    @property
    def public(self) -> str:
        """The reason as anyone may read it."""
        return HIDDEN_REASON if self.hidden else self.message


class Misjudged(IllegalEvent):
    """A recorded judgement today's referee makes otherwise (``recorded`` and ``today``).

    Not a move against the rules but a disagreement: a replay reports it as one
    (exit 2), though nothing after it can be rebuilt.
    """

    def __init__(
        self, field: str, message: str, recorded: object, today: object, hidden: bool = False
    ) -> None:
        super().__init__(field, message, hidden)  # hidden: ``today`` tells what the deal hides
        self.recorded = recorded
        self.today = today


class SetupError(ValueError):
    """A setup the rules cannot start a game with (a name twice): names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class RecordError(ValueError):
    """A record that cannot be read or rebuilt: names the event (from 1) and the field."""

    def __init__(self, message: str, event: int | None = None, field: str = "") -> None:
        where = []
        if event is not None:
            where.append(f"event {event}")
        if field:
            where.append(f"field {field}")
        text = f"{', '.join(where)}: {message}" if where else message
        super().__init__(text)
        self.message = message
        self.event = event
        self.field = field
