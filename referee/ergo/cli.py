"""``referee ergo``: Ergo (Catalyst Game Labs, 2009) — check a Proof, play, replay.

The game is :mod:`referee.ergo.registration`; ``play`` and ``replay`` are
built by :mod:`referee.client.house` from it and from the terminal's part declared
here (:mod:`referee.ergo.terminal`, the prompt, what a replay shows).

``referee ergo check [--json] [--deck FILE] PROOF_FILE`` is a contract:
exit 0 for a legal Proof (``--json``: the shape in :func:`check_json`), exit 1
with the premise, the card (with a caret) and the rule for an illegal one.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from referee.client.common import print_json, read_text, say_error
from referee.client.grammar import and_list, count
from referee.client.house import (
    Flag,
    Replay,
    TerminalClient,
    TerminalGame,
    deck_option,
    house_rules,
    mover_prompt,
    play_command,
    read_deck,
    replay_command,
)
from referee.client.keys import ask
from referee.client.safe import console, echoed
from referee.client.said import Said, typed
from referee.client.styles import show
from referee.ergo.commands import readings
from referee.ergo.deck import load_ergo_deck
from referee.ergo.prooffile import ProofFile, ProofFileError, read_proof_file
from referee.ergo.registration import REGISTRATION
from referee.ergo.ruling import NAMES, Decision, decide, explain
from referee.ergo.setup import HouseRules
from referee.ergo.terminal import ErgoRenderer, describe, premise_rows, ruling_lines

HOUSE_HELP = "A house rule, e.g. then_chain=left (see docs/rulings.md)."
house_option = click.option("--house", multiple=True, metavar="RULE=VALUE", help=HOUSE_HELP)


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
@deck_option(REGISTRATION)
@house_option
@click.argument("proof_file", type=click.Path(dir_okay=False, path_type=Path))
def check(as_json, deck, house, proof_file):
    """Check a Proof (one premise per line) and say what it proves, with the evidence.

    Exit status 0 for a legal Proof, 1 for one that breaks a card rule (the
    message names the premise, the card and the rule) or a file that cannot
    be read.
    """
    rules = house_rules(HouseRules, house)
    chosen = read_deck(REGISTRATION, deck)
    text = read_text(proof_file, "Proof file")
    try:
        pf = read_proof_file(text, load_ergo_deck(chosen.text, chosen.name), rules.reading)
    except ProofFileError as exc:
        say_error(echoed(f"error: {proof_file}: {exc.render()}"))
        sys.exit(1)
    proof = pf.proof
    premises = proof.formulas(rules.reading)
    decision = decide(premises, proof.cards)
    if as_json:
        print_json(check_json(pf, decision, rules), indent=None)
        return
    out = console()
    ruling = explain(premises, decision)
    head = f"Proof: {count(len(pf.lines), 'premise')}, {count(proof.cards, 'card')}; " + (
        "A, B, C and D all present: an Ergo may be played"
        if proof.ergo_allowed
        else "variables present: " + (" ".join(proof.variables()) or "none") + " (no Ergo yet)"
    )
    rows = [
        row
        for line, reading in zip(pf.lines, _readings(pf, rules), strict=True)
        for row in premise_rows(line.number, proof.premises[line.number - 1], reading, out.width)
    ]
    points = decision.points()
    winners = [v for v in NAMES if points[v]]
    if decision.paradox:
        then = "If the round ends now, nobody scores."
    elif winners:
        n = proof.cards
        verb = f"scores {n} points" if len(winners) == 1 else f"score {n} points each"
        then = f"If the round ends now, {and_list(winners)} {verb}."
    else:
        then = "If the round ends now, nobody is proven: nobody scores."
    show(out, Said.of(head, rows, "", ruling_lines(ruling, None), then))


# ------------------------------------------------------------------- play


def _opening(renderer: ErgoRenderer, record, flags) -> None:
    settings = record.setup.settings
    seats = ", ".join(f"{s.name} is {s.variable}" for s in settings.seats)
    renderer.say(typed(f"{seats}; {settings.mode.value} mode; {record.setup.deck.name}."))
    renderer.scores(renderer.game)
    renderer.proof(renderer.game)
    renderer.turn(renderer.game)
    session = renderer.session
    if session is not None and session.confirm is not None:  # a person at the keyboard
        session.commands.confirm_end = lambda: ask(  # type: ignore[attr-defined]
            renderer.out, "End the game here (most points wins)?"
        )


def _prompt(g) -> str:
    return "round stopped> " if g.stopped is not None and not g.finished else mover_prompt(g)


def _examiner(record):
    from contextlib import nullcontext

    from referee.ergo.replay import examine

    return nullcontext(examine)


def _step(renderer: ErgoRenderer, s) -> None:
    line = renderer.marked(describe(s.event), s.event, s.game)
    renderer.say(typed(f"event {s.number}: {line}"))
    if renderer.out.is_terminal:  # a person stepping through sees the Proof as it stood
        renderer.proof(s.game)


def _final(renderer: ErgoRenderer, report, record) -> None:
    game = report.game
    rounds = len(game.history)
    renderer.say(typed(f"{len(record.events)} events, {count(rounds, 'round')} scored"))
    renderer.scores(game)
    if game.finished:
        who = and_list(game.winners)
        verb = "wins" if len(game.winners) == 1 else "share the win"
        renderer.say(typed(f"Game over: {who} {verb}."))


TERMINAL = TerminalGame(
    REGISTRATION,
    lambda out, session, flags: ErgoRenderer(
        out,
        session,
        private=flags.get("private", False),
        show_hands=flags.get("show_hands", False),
    ),
    _prompt,
    missing="name the players: referee ergo play --players ann,bob",
    prefix="ergo",
    play_help="""Referee a game of Ergo at the table. Type help at the prompt for the commands.

    When standard input is not a terminal, commands are read one per line, so
    a whole game can be scripted. The record is written after every event.
    """,
    flags=(
        Flag(
            "show_hands",
            "Print hands plainly when asked (for scripts and teaching; the hands are not private).",
        ),
    ),
    house_help=HOUSE_HELP,
    opening=_opening,
    replay=Replay(
        help="""Re-referee every event and every round of RECORD_FILE; report any disagreement.

    Exit status: 0 when today's referee agrees with the whole record, 2 when
    it rules a round differently (or a recorded derivation no longer checks),
    1 when the record cannot be read or rebuilt (a move today's rules refuse).
    """,
        examiner=_examiner,
        step=_step,
        final=_final,
    ),
)
ergo.add_command(play_command(TERMINAL))
ergo.add_command(replay_command(TERMINAL))


CLIENT = TerminalClient(TERMINAL, {"ergo": ergo})
