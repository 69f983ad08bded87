"""Re-refereeing a record: does today's referee agree with it, event by event?

Every event is applied again from the start, so every move is re-checked
against today's rules; a game may also re-examine an event before it is
applied (a game may put every claim to today's engine). Where the
answers differ the replay reports a :class:`Disagreement` and keeps following
the record, so one disagreement does not hide the next; an event today's
rules refuse outright stops the replay there (nothing after it can be
rebuilt).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from referee.language.shapes import encode
from referee.table.errors import IllegalEvent, Misjudged, Reason
from referee.table.events import Event
from referee.table.record import GameState, Record, TakenBack


@dataclass(frozen=True)
class Disagreement:
    """At event ``event`` (from 1), ``field`` was ``recorded`` and is ``today`` now.

    ``refused``: today's rules refuse the event (``today`` is their reason);
    ``message``: what the game said of a judgement it makes otherwise, when it
    could not go on past it.
    """

    event: int
    field: str
    recorded: Any
    today: Any
    refused: bool = False
    message: str = ""
    reason: Reason | None = None  # the reason or the message, typed (the interface words it)

    def to_json(self) -> dict:
        return {
            "event": self.event,
            "field": self.field,
            "recorded": encode(self.recorded),
            "today": encode(self.today),
            "refused": self.refused,
        }


@dataclass(frozen=True)
class Step:
    number: int  # from 1
    event: Event
    game: GameState  # the game after this event (the same object moves on)
    disagreements: tuple[Disagreement, ...] = ()
    today: Any = None  # what the game's re-examination found (e.g. today's verdict)


# (the game before the event, the event, its number) -> (today's finding, disagreements)
Examine = Callable[[GameState, Event, int], tuple[Any, list[Disagreement]]]


@dataclass
class ReplayReport:
    game: GameState
    disagreements: list[Disagreement] = field(default_factory=list)
    stopped_at: int | None = None  # the event today's rules refuse, if any
    events: int = 0
    taken_back: tuple[TakenBack, ...] = ()  # what undo took back during the game

    @property
    def agrees(self) -> bool:
        return not self.disagreements and self.stopped_at is None

    def to_json(self) -> dict:
        """The report, with the final state's keys also at the top level: `replay --json`
        prints the final state (issue 4: players with scores, the board, the winner)."""
        final = self.game.summary()
        data = {
            **final,
            "agrees": self.agrees,
            "events": self.events,
            "stopped_at": self.stopped_at,
            "disagreements": [d.to_json() for d in self.disagreements],
            "final": final,
        }
        if self.taken_back:  # which events, never their contents (a gift's card is secret)
            data["undone"] = [{"number": t.number, "type": t.event.TYPE} for t in self.taken_back]
        return data


def steps(record: Record, examine: Examine | None, report: ReplayReport) -> Iterator[Step]:
    """Replay event by event; ``report`` collects what is found."""
    game = record.new_game()
    report.game = game
    report.events = len(record.events)
    report.taken_back = record.taken_back
    for number, event in enumerate(record.events, start=1):
        found: list[Disagreement] = []
        today = None
        if examine is not None:
            today, found = examine(game, event, number)
        try:
            game.apply(event)
        except Misjudged as exc:  # today's answer only where it shows nothing hidden
            today = exc.public_in(game) if exc.hidden else exc.today
            found.append(
                Disagreement(
                    number,
                    exc.field,
                    exc.recorded,
                    today,
                    message=exc.public_in(game),
                    reason=exc.public_reason,
                )
            )
            report.disagreements.extend(found)
            report.stopped_at = number
            yield Step(number, event, game, tuple(found), today)
            return
        except IllegalEvent as exc:
            found.append(
                Disagreement(
                    number,
                    exc.field,
                    None,
                    exc.public_in(game),
                    refused=True,
                    reason=exc.public_reason,
                )
            )
            report.disagreements.extend(found)
            report.stopped_at = number
            yield Step(number, event, game, tuple(found), today)
            return
        report.disagreements.extend(found)
        yield Step(number, event, game, tuple(found), today)


def replay(
    record: Record,
    examine: Examine | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> ReplayReport:
    report = ReplayReport(record.new_game())
    for step in steps(record, examine, report):
        if on_step is not None:
            on_step(step)
    return report
