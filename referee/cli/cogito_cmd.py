"""``referee cogito``: judge declarations, deduce Self cards, referee and replay a game.

The game is :mod:`referee.cogito` on the shared machinery of
:mod:`referee.table`; this module reads options and files, and hands the
loop its lines and its renderer (:mod:`referee.cli.cogito_render`).
"""

from __future__ import annotations

import datetime as _dt
import json
import secrets
import sys
from pathlib import Path

import click
from rich.text import Text

from referee.cli.cogito_render import CogitoRenderer, and_list, describe, ruled_out_words, why
from referee.cli.common import fail, print_json, read_text
from referee.cli.private_screen import leave_stale
from referee.cli.safe import console, user
from referee.cli.table_io import (
    EXIT_DISAGREES,
    can_show_privately,
    check_summary,
    conclude_replay,
    play_session,
    read_record,
    refuse_new_settings,
    refuse_secret_flag,
    resume_record,
    show_taken_back,
    start_record,
)
from referee.cogito.diagram import Diagram, DiagramError, load_diagram
from referee.cogito.judge import (
    Colour,
    UnknownName,
    declaration,
    deduce,
    denied_name,
    self_card_name,
)
from referee.cogito.judge import (
    judge as judge_one,
)
from referee.resources import data_path
from referee.table.house import SwitchError, with_switch
from referee.table.record import Record

EXAMPLE_DECK = ("cards", "cogito-example.toml")
# Recorded judgements and COGITOs that today's referee sees otherwise (exit 2, not 1).
JUDGEMENT_FIELDS = ("position", "right")


def _default_deck() -> Path:
    return data_path(*EXAMPLE_DECK)


deck_option = click.option(
    "--deck",
    "deck_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The deck file (TOML) with the diagram; default: cards/cogito-example.toml "
    "(an invented example, not the printed game's diagram).",
)


def load_deck(path: Path | None) -> tuple[str, str, Diagram]:
    """The deck's text, its name for messages, and its diagram; exit 1 naming the line if bad."""
    source = path or _default_deck()
    text = read_text(source, "deck file")
    try:
        return text, str(source), load_diagram(text, str(source))
    except DiagramError as exc:
        fail(str(exc))


@click.group()
def cogito() -> None:
    """Cogito (Olerant): judge "I am not X!", deduce Self cards, referee a game."""


# ---------------------------------------------------------------------- judge


@cogito.command()
@deck_option
@click.option("--self", "self_word", required=True, help="The Self card of the one declaring.")
@click.option("--json", "as_json", is_flag=True, help="Print the judgements as JSON.")
@click.argument("denied", nargs=-1, required=True)
def judge(deck_path, self_word, as_json, denied):
    """Judge "I am not X!" for each X (a category or a Self card), said by the holder of --self.

    The declaration is true exactly when the Self card is not X and does not
    belong to X, directly or through its categories.
    """
    _, _, diagram = load_deck(deck_path)
    try:
        self_card = self_card_name(diagram, self_word)
        names = [denied_name(diagram, word) for word in denied]
    except UnknownName as exc:
        fail(str(exc))
    judgements = [judge_one(diagram, self_card, name) for name in names]
    if as_json:
        print_json([{"not": j.denied, "true": j.true, "why": why(j)} for j in judgements])
        return
    out = console()
    for j in judgements:
        line = user(f'"I am not {j.denied}!" ')
        line.append("true" if j.true else "false", style="bold blue" if j.true else "bold red")
        line.append(": ")
        line.append_text(user(why(j)))
        out.print(line)


# ------------------------------------------------------------------- possible


@cogito.command()
@deck_option
@click.option("--blue", multiple=True, metavar="X", help='A blue card: "I am not X" was true.')
@click.option("--red", multiple=True, metavar="X", help='A red card: "I am not X" was false.')
@click.option(
    "--seen",
    multiple=True,
    metavar="SELF",
    help="A Self card seen outside the holder (so not one's own).",
)
@click.option("--json", "as_json", is_flag=True, help='Print {"possible": [...]}.')
def possible(deck_path, blue, red, seen, as_json):
    """Every Self card consistent with the blue and red cards of a field.

    The Ego card lies red whoever holds it, so a red Ego card says nothing;
    the Dream card declares nothing. Self cards are listed in the deck's order.
    """
    _, _, diagram = load_deck(deck_path)
    try:
        found = [declaration(diagram, w, Colour.BLUE) for w in blue]
        found += [declaration(diagram, w, Colour.RED) for w in red]
        excluded = [self_card_name(diagram, w) for w in seen]
    except UnknownName as exc:
        fail(str(exc))
    declarations = [d for d in found if d is not None]
    result = deduce(diagram, declarations, excluded)
    if as_json:
        print_json({"possible": list(result.possible)})
        return
    out = console()
    line = Text("Possible: ") + user(and_list(result.possible, "or") or "nothing at all")
    out.print(line)
    for r in result.ruled_out:
        out.print(Text("  not ") + user(ruled_out_words(r)))


# ----------------------------------------------------------------------- play


@cogito.command()
@click.option("--players", help="Player names in seating order (each has the next on the left).")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The game record: resumed if it exists, created if not (default: cogito-DATE.json).",
)
@click.option("--seed", type=int, default=None, help="The secret deal (default: random).")
@click.option("--first", default=None, help="Who starts every round (default: the first listed).")
@click.option(
    "--house",
    multiple=True,
    metavar="RULE=VALUE",
    help="A house rule, e.g. dream_returns_ego=no (see docs/rulings.md).",
)
@click.option(
    "--show-secrets",
    is_flag=True,
    help="FOR TESTS AND SCRIPTED EXAMPLES ONLY: print the deal and every hand asked for. "
    "Never at a real table.",
)
@deck_option
def play(players, record_path, seed, first, house, show_secrets, deck_path):
    """Referee a game at the table. Type help at the prompt for the commands.

    The referee deals the Self cards secretly and judges every declaration;
    the screen shows the fields, never a Self card, and a hand only to its
    owner on request. When standard input is not a terminal, commands are
    read one per line. The record is written after every event.
    """
    from referee.cogito.commands import CogitoCommands
    from referee.cogito.records import GAME
    from referee.table.session import Session

    out = console()
    if can_show_privately(out):  # a hand a killed session left on screen goes first
        leave_stale(out)
    if record_path is not None and record_path.exists():
        given = {"--players": players, "--seed": seed, "--first": first, "--deck": deck_path}
        refuse_new_settings(record_path, {**given, "--house": house})
        store, record, game = resume_record(record_path, GAME)
        started = record.setup.show_secrets
        refuse_secret_flag(store, record_path, "--show-secrets", show_secrets, started)
        out.print(user(f"Resuming {record_path}: {len(record.events)} events so far."))
    else:
        record, game = _new_record(players, seed, first, house, deck_path, show_secrets)
        store, record_path = start_record(record_path, "cogito")
        out.print(user(f"New game recorded in {record_path}. Type help for the commands."))
        diagram = record.setup.diagram
        if diagram.note:
            out.print(user(diagram.note, "yellow"))
        out.print(
            user(
                "The Self cards are dealt: nobody may see their own, so the screen shows none. "
                "hand NAME shows NAME's hand to NAME alone."
            )
        )
    if show_secrets:
        out.print(Text("[--show-secrets] the deal: ", style="yellow"), end="")
        out.print(
            user(
                "; ".join(
                    f"{s.name} is {s.self_card}, holds {', '.join(s.hand) or 'nothing'}"
                    for s in game.seats
                )
            )
        )
    interactive = sys.stdin.isatty()
    with store:
        session = Session(record, CogitoCommands(), game)
        renderer = CogitoRenderer(out, session, show_secrets)
        if interactive:
            session.confirm = renderer.confirm_undo
        for outcome in game.news if not record.events else ():
            renderer.show((outcome,), False)
        renderer.table(session.game)

        def prompt() -> str:
            g = session.game
            if g.finished:
                return "game over> "
            if g.calling:
                return f"COGITO {g.calling[0]}> "
            if g.current is None:
                return f"{g.phase.value.replace('_', ' ')}> "
            return f"{g.current}> "

        play_session(session, store, renderer, prompt, interactive)
    out.print(user(f"Record: {record_path}"))


def _new_record(players, seed, first, house, deck_path, show_secrets=False):
    from referee.cogito.records import GAME
    from referee.cogito.setup import HouseRules, Setup, SetupError

    if not players:
        fail("name the players in seating order: referee cogito play --players alice,bob,carol")
    deck_text, source, _ = load_deck(deck_path)
    rules = HouseRules()
    try:
        for text in house:
            rules = with_switch(rules, text)
    except SwitchError as exc:
        fail(f"--house {exc}")
    try:
        setup = Setup(
            tuple(p.strip() for p in players.split(",") if p.strip()),
            seed if seed is not None else secrets.randbelow(2**31),
            deck_text,
            Path(source).name,
            first or "",
            rules,
            show_secrets,
        )
        setup.check_new()
    except SetupError as exc:
        fail(f"{exc.field}: {exc.message}")
    now = _dt.datetime.now().astimezone()
    record = Record(GAME, setup, (), now.isoformat(timespec="seconds"))
    return record, record.rebuild()


# --------------------------------------------------------------------- replay


@cogito.command()
@click.argument("record_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--step", is_flag=True, help="Walk through the game event by event.")
@click.option("--json", "as_json", is_flag=True, help="Print the final state (and review) as JSON.")
def replay(record_file, step, as_json):
    """Re-referee every event of RECORD_FILE: every judgement and COGITO again.

    Exit status: 0 when today's referee agrees with the whole record, 2 when
    it judges a declaration or a COGITO otherwise, 1 when the record cannot
    be read or rebuilt. Self cards and reasons are shown only for a finished
    game, so replaying a game in progress spoils nothing.
    """
    from referee.cogito import aide
    from referee.cogito.records import GAME
    from referee.table.replay import replay as run_replay

    record, stored = read_record(record_file, GAME)
    out = console(stderr=as_json)
    renderer = CogitoRenderer(out)
    interactive = sys.stdin.isatty() and not as_json

    def on_step(s) -> None:
        renderer.watched = s.game
        if not step:
            return
        if s.disagreements:  # refused: what it names is the record's word, perhaps a Self card
            out.print(Text(f"event {s.number}: refused by today's rules", style="bold red"))
            return
        out.print(Text(f"event {s.number}: ", style="bold") + user(describe(s.event)))
        renderer.show(s.game.news, False)
        if interactive:
            click.pause("(press a key for the next event)")

    report = run_replay(record, None, on_step)
    game = report.game
    renderer.watched = game
    if report.stopped_at is not None:
        d = report.disagreements[-1]
        message = f"{record_file}: event {d.event}, field {d.field}: {d.today}"
        if d.field in JUDGEMENT_FIELDS:
            click.echo(f"today's referee disagrees: {message}", err=True)
            sys.exit(EXIT_DISAGREES)
        fail(message)
    review = aide.review(record) if game.finished else None
    if as_json:
        data = report.to_json()
        if review is not None:
            data["review"] = review_json(review)
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        check_summary(record_file, stored, game)
        return
    renderer.table(game)
    if review is not None:
        renderer.review(review)
    else:
        out.print("The game is not over: Self cards and reasons stay hidden.")
    show_taken_back(out, record, lambda e: describe(e, reveal=game.finished))
    check_summary(record_file, stored, game)
    conclude_replay(out, report.agrees, len(record.events), "events", len(report.disagreements))


def review_json(review) -> dict:
    def deduction(d) -> list[str]:
        return list(d.possible)

    return {
        "judged": [
            {
                "event": j.event,
                "player": j.player,
                "not": j.judgement.denied,
                "true": j.judgement.true,
                "why": why(j.judgement),
            }
            for j in review.judged
        ],
        "cogitos": [
            {
                "event": c.event,
                "player": c.player,
                "named": c.named,
                "right": c.right,
                "possible_from_field": deduction(c.field),
                "only_from_field": c.only_from_field,
                "possible_from_known": deduction(c.known),
                "only_from_known": c.only_from_known,
            }
            for c in review.cogitos
        ],
    }
