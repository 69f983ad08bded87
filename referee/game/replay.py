"""Re-refereeing a recorded game: does today's referee agree with the record?

Every event is applied again from the start, so every play is re-checked
against today's card permissions, and every claim is put to today's engine
(and its derivation, if any, to today's checker) on the board as it stood.
Where the answers differ the replay reports it and keeps following the
record, so one disagreement does not hide the next; an event today's rules
refuse outright stops the replay there (nothing after it can be rebuilt).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from referee.game.record import Record
from referee.game.session import DerivationChecker, EngineLike, evidence
from referee.game.state import Game, GameError, claim_outcome
from referee.language.naming import statement_formula


@dataclass(frozen=True)
class Disagreement:
    event: int
    field: str
    recorded: object
    today: object
    message: str

    def to_json(self) -> dict:
        return {
            "event": self.event,
            "field": self.field,
            "recorded": self.recorded,
            "today": self.today,
            "message": self.message,
        }


@dataclass
class Step:
    index: int
    event: dict
    game: Game  # the game after this event (the same object moves on; copy what you keep)
    disagreements: list[Disagreement] = field(default_factory=list)
    today: dict | None = None  # today's verdict, for claims


@dataclass
class ReplayReport:
    game: Game
    disagreements: list[Disagreement] = field(default_factory=list)
    stopped_at: int | None = None  # the event today's rules refuse, if any

    @property
    def agrees(self) -> bool:
        return not self.disagreements and self.stopped_at is None

    def to_json(self) -> dict:
        return {
            "agrees": self.agrees,
            "events": len(self.game.events),
            "stopped_at": self.stopped_at,
            "disagreements": [d.to_json() for d in self.disagreements],
            "final": self.game.summary(),
        }


def steps(
    record: Record,
    engine: EngineLike | None,
    derivation_checker: DerivationChecker | None = None,
    report: ReplayReport | None = None,
) -> Iterator[Step]:
    """Replay event by event; ``report`` (if given) collects what is found."""
    game = record.new_game()
    if report is not None:
        report.game = game
    for i, event in enumerate(record.events):
        found: list[Disagreement] = []
        today = None
        if isinstance(event, dict) and event.get("type") == "claim" and engine is not None:
            today, found = _reclaim(game, i, event, engine, derivation_checker)
        try:
            game.apply(event)
        except GameError as exc:
            found.append(
                Disagreement(i, exc.field, None, None, f"today's referee refuses it: {exc.message}")
            )
            if report is not None:
                report.disagreements.extend(found)
                report.stopped_at = i
            yield Step(i, event, game, found, today)
            return
        if report is not None:
            report.disagreements.extend(found)
        yield Step(i, event, game, found, today)


def replay(
    record: Record,
    engine: EngineLike | None,
    derivation_checker: DerivationChecker | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> ReplayReport:
    report = ReplayReport(record.new_game())
    for step in steps(record, engine, derivation_checker, report):
        if on_step is not None:
            on_step(step)
    return report


def _reclaim(
    game: Game,
    index: int,
    event: dict,
    engine: EngineLike,
    derivation_checker: DerivationChecker | None,
) -> tuple[dict | None, list[Disagreement]]:
    kind = event.get("kind")
    targets = event.get("targets") or []
    try:
        goals = [game.entry(t) for t in targets]
    except (GameError, TypeError):
        return None, []  # apply reports the bad field
    premises = [e for e in game.board if e.id not in targets]
    formulas = [statement_formula(e.statement) for e in premises]
    if kind == "inconsistent":
        verdict = engine.consistency(formulas, game.vocabulary)
    elif kind == "redundant":
        verdict = engine.entailment(
            formulas, [statement_formula(g.statement) for g in goals], game.vocabulary
        )
    else:
        return None, []
    today = evidence(verdict, [e.id for e in premises])
    recorded_verdict = event.get("verdict") if isinstance(event.get("verdict"), dict) else {}
    found = []
    recorded_status = recorded_verdict.get("status")
    if today["status"] != recorded_status:
        found.append(
            Disagreement(
                index,
                "verdict.status",
                recorded_status,
                today["status"],
                f"the record says {recorded_status}, today's engine says {today['status']}",
            )
        )
    derivation = event.get("derivation")
    if isinstance(derivation, dict) and derivation_checker is not None and derivation.get("text"):
        checked = derivation_checker(
            derivation["text"],
            {e.id: e.statement for e in game.board},
            None if kind == "inconsistent" else list(targets),
            game.vocabulary,
        )
        if bool(checked.get("ok")) != bool(derivation.get("ok")):
            found.append(
                Disagreement(
                    index,
                    "derivation.ok",
                    derivation.get("ok"),
                    bool(checked.get("ok")),
                    f"the derivation {'checks' if checked.get('ok') else 'fails'} today: "
                    f"{checked.get('message', '')}",
                )
            )
        derivation = {**derivation, "ok": bool(checked.get("ok"))}
    outcome = claim_outcome(kind, today["status"], derivation, game.rules)
    if outcome != event.get("outcome") and not (
        outcome == "vote" or event.get("outcome") == "vote"
    ):
        found.append(
            Disagreement(
                index,
                "outcome",
                event.get("outcome"),
                outcome,
                f"the claim was {event.get('outcome')}; today it would be {outcome}",
            )
        )
    return today, found
