"""``replay --step``: a record one event at a time, with the keys of :mod:`referee.client.keys`.

The replay runs forward as ever (every event re-refereed in order); after an
event is shown the stepper waits for a key. Going back (or jumping back)
shows the game rebuilt from the record up to that event; going forward again
past the replay's own position lets the replay go on; jumping ahead lets it
run without stopping until that event. ``q`` leaves: the replay finishes
without showing more, then says whether today's referee agrees. Nothing waits
after the last event, and without a terminal every event is shown in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from referee.client.keys import STEP_KEYS, Key, read_key
from referee.language.limits import is_number
from referee.table.errors import RecordError
from referee.table.record import Record

# show(number, event, game): draw event ``number`` (from 1) and the game after it.
Show = Callable[[int, Any, Any], None]


class Stepper:
    def __init__(
        self,
        out: Console,
        record: Record,
        show: Show,
        interactive: bool,
        read: Callable[[], Key] = read_key,
    ) -> None:
        self.out = out
        self.record = record
        self.show = show
        self.interactive = interactive
        self.read = read
        self.total = len(record.events)
        self.left = False
        self.target = 0  # jumping ahead: run on without stopping until this event

    def step(self, number: int, event, game) -> None:
        """The replay reached event ``number``: show it and wait for a key."""
        if self.left or number < self.target:
            return
        self.show(number, event, game)
        if not self.interactive:
            return
        view = number
        while view < self.total:
            key = self._key(view)
            if key == Key.LEAVE:
                self.left = True
                return
            if key == Key.NEXT:
                if view + 1 > number:
                    return
                view += 1
            elif key == Key.BACK:
                if view == 1:
                    continue
                view -= 1
            elif key == Key.JUMP:
                wanted = self._ask_number()
                if wanted is None:
                    continue
                if wanted > number:
                    self.target = wanted
                    return
                view = wanted
            else:
                continue
            if view < number:
                self._show_rebuilt(view)
            else:
                self.show(number, event, game)

    def _key(self, view: int) -> Key:
        hint = Text(f"event {view} of {self.total} · {STEP_KEYS}", style="dim")
        self.out.print(hint, end="")
        self.out.file.flush()
        key = self.read()
        self.out.file.write("\r\x1b[2K")  # the hint goes; the events stay
        self.out.file.flush()
        return key

    def _ask_number(self) -> int | None:
        try:
            typed = self.out.input(Text(f"jump to event (1-{self.total}): ", style="bold"))
        except (EOFError, KeyboardInterrupt, UnicodeDecodeError):
            self.out.print()
            return None
        typed = typed.strip()
        if not is_number(typed) or not 1 <= int(typed) <= self.total:
            self.out.print(Text(f"an event is a number from 1 to {self.total}", style="yellow"))
            return None
        return int(typed)

    def _show_rebuilt(self, view: int) -> None:
        try:
            game = self.record.rebuild(view)
        except RecordError as exc:  # pragma: no cover - the replay stopped before this
            self.out.print(Text(str(exc), style="red"))
            return
        self.show(view, self.record.events[view - 1], game)
