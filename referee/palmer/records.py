"""Palmer's game as the shared record machinery sees it, and its older records.

Version 2 (this referee) keeps typed events, the verdict's evidence as data
and the claim time limit in the setup. Version 1 records (format
``referee-game``) are still read: their events had the same fields, their
verdicts kept the evidence as English, which is carried along as a note.
"""

from __future__ import annotations

from referee.logic.evidence import Method
from referee.palmer.events import CODEC
from referee.palmer.setup import DEFAULT_CLAIM_TIMEOUT, Setup
from referee.palmer.state import Game
from referee.table.record import FORMAT, GameKind

VERSION = 2
LEGACY_FORMAT = "referee-game"

_BACKINGS = (
    ("do not check", "lines_fail"),
    ("does not end in ⊥", "not_falsum"),
    ("rests on", "rests_on_claim"),
    ("last line is not the claim", "not_the_claim"),
)


def _upgrade_claim(event: dict) -> dict:
    verdict = event.get("verdict")
    if not isinstance(verdict, dict):
        return event  # left for the shape check to refuse, naming the field
    premises = event.get("premises") if isinstance(event.get("premises"), list) else []
    used = [premises.index(u) for u in verdict.get("used_statements", []) or [] if u in premises]
    evidence: dict = {"method": Method.LEGACY.value, "used": used}
    if isinstance(verdict.get("countermodel"), dict):
        evidence["model"] = verdict["countermodel"]
    tried = verdict.get("tried")
    tried = tried if isinstance(tried, list) else []
    note = "; ".join(
        [str(verdict.get("method", ""))] + [str(t) for t in tried if isinstance(t, str)]
    ).strip("; ")
    out = {k: v for k, v in event.items() if k not in ("verdict", "derivation")}
    out["verdict"] = {
        "status": verdict.get("status"),
        "evidence": evidence,
        "seconds": verdict.get("seconds", 0.0),
        "note": note,
    }
    derivation = event.get("derivation")
    if isinstance(derivation, dict):
        message = str(derivation.get("message", ""))
        if derivation.get("ok") is True:
            backing = "backs"
        else:
            backing = next((b for words, b in _BACKINGS if words in message), "not_a_derivation")
        out["derivation"] = {
            "file": str(derivation.get("file", "")),
            "text": derivation.get("text") or "",
            "backing": backing,
            "detail": message,
        }
    elif derivation is not None:
        out["derivation"] = derivation
    return out


def upgrade_v1(data: dict) -> dict:
    """A version 1 record's JSON as version 2 JSON."""
    events = data.get("events")
    if isinstance(events, list):
        events = [
            _upgrade_claim(e) if isinstance(e, dict) and e.get("type") == "claim" else e
            for e in events
        ]
    return {
        "format": FORMAT,
        "game": GAME.name,
        "version": 2,
        "created": data.get("created", ""),
        "setup": {
            "settings": data.get("settings"),
            "house_rules": data.get("house_rules", {}),
            "deck": data.get("deck"),
            "claim_timeout": DEFAULT_CLAIM_TIMEOUT,
        },
        "events": events,
    }


GAME: GameKind[Setup] = GameKind.of(
    "palmer", Game, CODEC, VERSION, upgrades={1: upgrade_v1}, legacy_formats=(LEGACY_FORMAT,)
)
