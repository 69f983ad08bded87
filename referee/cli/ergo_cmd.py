"""``referee ergo``: Ergo (Catalyst Game Labs, 2009) — check a Proof, play, replay.

The game is :mod:`referee.ergo` on the shared machinery of :mod:`referee.table`;
this module reads options and files, opens the record and hands the shared
loop its lines and its renderer (:mod:`referee.cli.ergo_render`).

``referee ergo check [--json] [--deck FILE] PROOF_FILE`` is a contract:
exit 0 for a legal Proof (``--json``: the shape in :func:`check_json`), exit 1
with the premise, the card (with a caret) and the rule for an illegal one.
"""

from __future__ import annotations

import datetime as _dt
import json
import secrets
import sys
from pathlib import Path

import click
from rich.text import Text

from referee.cli.common import fail, read_text
from referee.cli.ergo_render import ErgoRenderer, describe, premise_rows, ruling_lines
from referee.cli.private_screen import leave_stale
from referee.cli.safe import console, user
from referee.cli.table_io import (
    can_show_privately,
    check_summary,
    conclude_replay,
    disagreement_text,
    play_session,
    read_record,
    refuse_new_settings,
    refuse_secret_flag,
    refused_event,
    resume_record,
    show_taken_back,
    start_record,
)
from referee.ergo.commands import ErgoCommands, readings
from referee.ergo.deck import ErgoDeck, load_ergo_deck
from referee.ergo.prooffile import ProofFile, ProofFileError, read_proof_file
from referee.ergo.records import GAME
from referee.ergo.ruling import NAMES, Decision, decide, explain
from referee.ergo.setup import (
    DEFAULT_WIN,
    HouseRules,
    Mode,
    Seat,
    Settings,
    Setup,
    SetupError,
)
from referee.language.deck import DeckError
from referee.resources import ERGO_DECKS, ergo_deck_path
from referee.table.errors import RecordError
from referee.table.house import SwitchError, with_switches
from referee.table.record import Record
from referee.table.session import Session

deck_option = click.option(
    "--deck",
    "deck_path",
    default=None,
    metavar="FILE",
    help="Deck file (TOML), or english (the default, 55 cards) or review "
    "(the review's edition: 8 NOT, 6 parentheses).",
)
house_option = click.option(
    "--house",
    multiple=True,
    metavar="RULE=VALUE",
    help="A house rule, e.g. then_chain=left (see docs/rulings.md).",
)


def read_deck(spec: str | None) -> tuple[str, str, ErgoDeck]:
    """The deck's text, its name for the record, and the deck; a bundled name or a file."""
    if spec is None or (spec in ERGO_DECKS and not Path(spec).exists()):
        path = ergo_deck_path(spec or "english")
    else:
        path = Path(spec)
    text = read_text(path, "deck file")
    try:
        return text, path.name, load_ergo_deck(text, str(path))
    except DeckError as exc:
        fail(str(exc))


def house_rules(switches) -> HouseRules:
    try:
        return with_switches(HouseRules(), switches)
    except SwitchError as exc:
        fail(f"--house {exc.rule}: {exc.message}")


@click.group()
def ergo() -> None:
    """Ergo (Catalyst Game Labs, 2009): check a Proof, referee a game, replay a record."""


# ------------------------------------------------------------------ check


def check_json(pf: ProofFile, decision: Decision, rules: HouseRules) -> dict:
    """The ``check --json`` contract."""
    proof = pf.proof
    return {
        "premises": [
            {"line": line.number, "text": text, "reading": reading, "cards": len(line.cards)}
            for line, text, reading in zip(
                pf.lines, proof.texts(), _readings(pf, rules), strict=True
            )
        ],
        "cards": proof.cards,
        "variables": list(proof.variables()),
        "ergo_allowed": proof.ergo_allowed,
        "paradox": decision.paradox,
        "proven": list(decision.proven),
        "disproven": list(decision.disproven),
        "points": decision.points(),
    }


def _readings(pf: ProofFile, rules: HouseRules) -> tuple[str, ...]:
    return readings(pf.proof.texts(), rules.reading)


@ergo.command()
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
@deck_option
@house_option
@click.argument("proof_file", type=click.Path(dir_okay=False, path_type=Path))
def check(as_json, deck_path, house, proof_file):
    """Check a Proof (one premise per line) and say what it proves, with the evidence.

    Exit status 0 for a legal Proof, 1 for one that breaks a card rule (the
    message names the premise, the card and the rule) or a file that cannot
    be read.
    """
    rules = house_rules(house)
    _, _, deck = read_deck(deck_path)
    text = read_text(proof_file, "Proof file")
    try:
        pf = read_proof_file(text, deck, rules.reading)
    except ProofFileError as exc:
        click.echo(f"error: {proof_file}: {exc.render()}", err=True)
        sys.exit(1)
    proof = pf.proof
    premises = proof.formulas(rules.reading)
    decision = decide(premises, proof.cards)
    if as_json:
        click.echo(json.dumps(check_json(pf, decision, rules), ensure_ascii=False))
        return
    out = console()
    ruling = explain(premises, decision)
    head = Text(f"Proof: {len(pf.lines)} premise{'s' if len(pf.lines) != 1 else ''}, ")
    head.append(f"{proof.cards} card{'s' if proof.cards != 1 else ''}; ")
    head.append(
        "A, B, C and D all present: an Ergo may be played"
        if proof.ergo_allowed
        else "variables present: " + (" ".join(proof.variables()) or "none") + " (no Ergo yet)"
    )
    out.print(head)
    for line, reading in zip(pf.lines, _readings(pf, rules), strict=True):
        for row in premise_rows(line.number, proof.premises[line.number - 1], reading):
            out.print(row)
    out.print()
    for row in ruling_lines(ruling, None):
        out.print(row)
    points = decision.points()
    winners = [v for v in NAMES if points[v]]
    if decision.paradox:
        out.print(Text("If the round ends now, nobody scores."))
    elif winners:
        who = winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]
        out.print(Text(f"If the round ends now, {who} score {proof.cards} points each."))
    else:
        out.print(Text("If the round ends now, nobody is proven: nobody scores."))


# ------------------------------------------------------------------- play


def parse_players(spec: str) -> tuple[Seat, ...]:
    """``ann,bob`` (A, B in order) or ``ann=C,bob=A``: each player and their variable."""
    names: list[tuple[str, str | None]] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, variable = part.partition("=")
        names.append((name.strip(), variable.strip().upper() if sep else None))
    taken = {v for _, v in names if v}
    free = [v for v in NAMES if v not in taken]
    seats = []
    for name, variable in names:
        if variable is None:
            if not free:
                fail("--players: more players than variables")
            variable = free.pop(0)
        seats.append(Seat(name, variable))
    return tuple(seats)


@ergo.command()
@click.option(
    "--players",
    help="Players in turn order, youngest first: ann,bob,cat (A, B, C in order) or ann=C,bob=A.",
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The game record: resumed if it exists, created if not (default: ergo-DATE.json).",
)
@click.option(
    "--mode",
    type=click.Choice([m.value for m in Mode]),
    default=None,
    help="dealt: the referee shuffles and deals, and keeps the hands (default); "
    "table: the printed deck, players say what they play.",
)
@click.option("--seed", type=int, default=None, help="The shuffles (default: random).")
@click.option("--win", type=int, default=None, help=f"Points to win (default {DEFAULT_WIN}).")
@deck_option
@house_option
@click.option(
    "--show-hands",
    is_flag=True,
    help="Print hands plainly when asked (for scripts and teaching; the hands are not private).",
)
def play(players, record_path, mode, seed, win, deck_path, house, show_hands):
    """Referee a game of Ergo at the table. Type help at the prompt for the commands.

    When standard input is not a terminal, commands are read one per line, so
    a whole game can be scripted. The record is written after every event.
    """
    out = console()
    if can_show_privately(out):  # a hand a killed session left on screen goes first
        leave_stale(out)
    if record_path is not None and record_path.exists():
        refuse_new_settings(
            record_path,
            {
                "--players": players,
                "--mode": mode,
                "--seed": seed,
                "--win": win,
                "--deck": deck_path,
                "--house": house,
            },
        )
        store, record, _ = resume_record(record_path, GAME)
        started = record.setup.show_hands
        refuse_secret_flag(store, record_path, "--show-hands", show_hands, started)
        out.print(user(f"Resuming {record_path}: {len(record.events)} events so far."))
    else:
        record = new_record(players, mode, seed, win, deck_path, house, show_hands)
        store, record_path = start_record(record_path, "ergo")
        out.print(user(f"New game of Ergo recorded in {record_path}. Type help for the commands."))

    interactive = sys.stdin.isatty()
    private = interactive and sys.stdout.isatty()
    with store:
        session = Session(record, ErgoCommands())
        renderer = ErgoRenderer(out, session, private=private, show_hands=show_hands)
        if interactive:
            session.confirm = renderer.confirm_undo
        seats = ", ".join(f"{s.name} is {s.variable}" for s in record.setup.settings.seats)
        out.print(
            user(f"{seats}; {record.setup.settings.mode.value} mode; {record.setup.deck.name}.")
        )
        renderer.scores(session.game)
        renderer.proof(session.game)
        renderer.turn(session.game)

        def prompt() -> str:
            g = session.game
            if g.finished:
                return "game over> "
            if g.stopped is not None:
                return "round stopped> "
            return f"{g.player}> "

        play_session(session, store, renderer, prompt, interactive)
    out.print(user(f"Record: {record_path}"))


def new_record(players, mode, seed, win, deck_path, house, show_hands=False) -> Record:
    if not players:
        fail("name the players: referee ergo play --players ann,bob")
    deck_text, source, _ = read_deck(deck_path)
    rules = house_rules(house)
    try:
        settings = Settings(
            parse_players(players),
            Mode(mode or Mode.DEALT.value),
            seed if seed is not None else secrets.randbelow(2**31),
            win if win is not None else DEFAULT_WIN,
        )
        setup = Setup(settings, rules, deck_text, source, show_hands)
        setup.check_new()
    except SetupError as exc:
        fail(f"{exc.field}: {exc.message}")
    now = _dt.datetime.now().astimezone()
    record = Record(GAME, setup, (), now.isoformat(timespec="seconds"))
    try:
        record.rebuild()
    except RecordError as exc:  # pragma: no cover - a new game always starts
        fail(str(exc))
    return record


# ----------------------------------------------------------------- replay


@ergo.command()
@click.argument("record_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--step", is_flag=True, help="Walk through the game event by event.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def replay(record_file, step, as_json):
    """Re-referee every event and every round of RECORD_FILE; report any disagreement.

    Exit status: 0 when today's referee agrees with the whole record, 2 when
    it rules a round differently (or a recorded derivation no longer checks),
    1 when the record cannot be read or rebuilt (a move today's rules refuse).
    """
    from referee.ergo.replay import examine
    from referee.table.replay import replay as run_replay

    record, stored = read_record(record_file, GAME)
    out = console(stderr=as_json)

    def on_step(s) -> None:
        for d in s.disagreements:
            if not d.refused:
                out.print(user(disagreement_text(d), "red"))
        if step:
            out.print(user(f"event {s.number}: {describe(s.event)}"))

    report = run_replay(record, examine, on_step)
    refused_event(record_file, report)
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        game = report.game
        rounds = len(game.history)
        out.print(
            user(f"{len(record.events)} events, {rounds} round{'s' if rounds != 1 else ''} scored")
        )
        renderer = ErgoRenderer(out)
        renderer.watched = game
        renderer.scores(game)
        if game.finished:
            who = " and ".join(game.winners)
            out.print(
                user(f"Game over: {who} {'wins' if len(game.winners) == 1 else 'share the win'}.")
            )
        show_taken_back(out, record, describe)
    check_summary(record_file, stored, report.game)
    shown = None if as_json else out
    conclude_replay(shown, report.agrees, len(record.events), "events", len(report.disagreements))
