"""``referee cogito``: judge declarations, deduce Self cards, referee and replay a game.

The game is :mod:`referee.cogito.registration`; ``play`` and ``replay`` are
built by :mod:`referee.client.house` from it and from the terminal's part
declared here (:mod:`referee.cogito.terminal`, the prompt, the review).
"""

from __future__ import annotations

import click

from referee.client.common import fail, print_json
from referee.client.house import (
    Flag,
    Replay,
    TerminalClient,
    TerminalGame,
    deck_option,
    play_command,
    read_deck,
    replay_command,
)
from referee.client.reasons import reason_words
from referee.client.safe import console
from referee.client.said import Said, Tone, typed, words
from referee.client.styles import show
from referee.cogito import aide
from referee.cogito.diagram import Diagram, load_diagram
from referee.cogito.events import Position
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
from referee.cogito.registration import REGISTRATION
from referee.cogito.terminal import CogitoRenderer, and_list, describe, lies, ruled_out_words, why
from referee.table.views import game_over


def load_deck(spec: str | None) -> Diagram:
    """The diagram of the deck ``--deck`` names; exit 1 naming the line if it is bad."""
    deck = read_deck(REGISTRATION, spec)
    return load_diagram(deck.text, deck.name)


@click.group()
def cogito() -> None:
    """Cogito (Olerant): judge "I am not X!", deduce Self cards, referee a game."""


# ---------------------------------------------------------------------- judge


@cogito.command()
@deck_option(REGISTRATION)
@click.option("--self", "self_word", required=True, help="The Self card of the one declaring.")
@click.option("--json", "as_json", is_flag=True, help="Print the judgements as JSON.")
@click.argument("denied", nargs=-1, required=True)
def judge(deck, self_word, as_json, denied):
    """Judge "I am not X!" for each X (a category or a Self card), said by the holder of --self.

    The declaration is true exactly when the Self card is not X and does not
    belong to X, directly or through its categories.
    """
    diagram = load_deck(deck)
    try:
        self_card = self_card_name(diagram, self_word)
        names = [denied_name(diagram, word) for word in denied]
    except UnknownName as exc:
        fail(reason_words(exc.reason))
    judgements = [judge_one(diagram, self_card, name) for name in names]
    if as_json:
        print_json([{"not": j.denied, "true": j.true, "why": why(j)} for j in judgements])
        return
    out = console()
    for j in judgements:
        line = typed(f'"I am not {j.denied}!" ')
        line += lies("true", Position.BLUE) if j.true else lies("false", Position.RED)
        show(out, Said.of(line + ": " + typed(why(j))))


# ------------------------------------------------------------------- possible


@cogito.command()
@deck_option(REGISTRATION)
@click.option("--blue", multiple=True, metavar="X", help='A blue card: "I am not X" was true.')
@click.option("--red", multiple=True, metavar="X", help='A red card: "I am not X" was false.')
@click.option(
    "--seen",
    multiple=True,
    metavar="SELF",
    help="A Self card seen outside the holder (so not one's own).",
)
@click.option("--json", "as_json", is_flag=True, help='Print {"possible": [...]}.')
def possible(deck, blue, red, seen, as_json):
    """Every Self card consistent with the blue and red cards of a field.

    The Ego card lies red whoever holds it, so a red Ego card says nothing;
    the Dream card declares nothing. Self cards are listed in the deck's order.
    """
    diagram = load_deck(deck)
    try:
        found = [declaration(diagram, w, Colour.BLUE) for w in blue]
        found += [declaration(diagram, w, Colour.RED) for w in red]
        excluded = [self_card_name(diagram, w) for w in seen]
    except UnknownName as exc:
        fail(reason_words(exc.reason))
    declarations = [d for d in found if d is not None]
    result = deduce(diagram, declarations, excluded)
    if as_json:
        print_json({"possible": list(result.possible)})
        return
    line = words("Possible: ") + typed(and_list(result.possible, "or") or "nothing at all")
    ruled_out = (words("  not ") + typed(ruled_out_words(r)) for r in result.ruled_out)
    show(console(), Said.of(line, ruled_out))


# ----------------------------------------------------------------------- play


def _started(out, record) -> None:
    diagram = record.setup.diagram
    note = [typed(diagram.note, Tone.DOUBT)] if diagram.note else []
    dealt = typed(
        "The Self cards are dealt: nobody may see their own, so the screen shows none. "
        "hand NAME shows NAME's hand to NAME alone."
    )
    show(out, Said.of(note, dealt))


def _opening(renderer: CogitoRenderer, record, flags) -> None:
    game = renderer.game
    if flags.get("show_secrets"):
        if record.computer_seats:  # never what a computer holds, nor what only it sees
            dealt = (
                f"{s.name} holds {', '.join(s.hand) or 'nothing'}"
                for s in game.seats
                if not renderer.computer(s.name)
            )
        else:
            dealt = (
                f"{s.name} is {s.self_card}, holds {', '.join(s.hand) or 'nothing'}"
                for s in game.seats
            )
        renderer.say(words("[--show-secrets] the deal: ", Tone.DOUBT) + typed("; ".join(dealt)))
    for outcome in game.news if not record.events else ():
        renderer.show((outcome,), False)
    renderer.table(game)


def _prompt(g) -> str:
    if g.finished:
        return "game over> "
    if g.mover is None:
        return f"{g.phase.value.replace('_', ' ')}> "
    return f"COGITO {g.mover}> " if g.calling else f"{g.mover}> "


def _step(renderer: CogitoRenderer, s) -> None:
    if s.disagreements:  # refused: what it names is the record's word, perhaps a Self card
        renderer.say(words(f"event {s.number}: refused by today's rules", Tone.BAD, strong=True))
        return
    line = renderer.marked(describe(s.event), s.event, s.game)
    renderer.say((words(f"event {s.number}: ") + typed(line)).toned(strong=True))
    over = game_over(s.game)  # the event that ended it: the end, as at the table
    renderer.show((*s.game.news, *((over,) if over else ())), False)


def _final(renderer: CogitoRenderer, report, record) -> None:
    renderer.table(report.game)
    if report.game.finished:
        renderer.review(aide.review(record))
    else:
        renderer.say("The game is not over: Self cards and reasons stay hidden.")


def _json_extra(report, record) -> dict:
    return {"review": review_json(aide.review(record))} if report.game.finished else {}


TERMINAL = TerminalGame(
    REGISTRATION,
    lambda out, session, flags: CogitoRenderer(out, session, flags.get("show_secrets", False)),
    _prompt,
    missing="name the players in seating order: referee cogito play --players alice,bob,carol",
    prefix="cogito",
    play_help="""Referee a game at the table. Type help at the prompt for the commands.

    The referee deals the Self cards secretly and judges every declaration;
    the screen shows the fields, never a Self card, and a hand only to its
    owner on request. When standard input is not a terminal, commands are
    read one per line. The record is written after every event.
    """,
    flags=(
        Flag(
            "show_secrets",
            "FOR TESTS AND SCRIPTED EXAMPLES ONLY: print the deal and every hand asked for. "
            "Never at a real table.",
        ),
    ),
    house_help="A house rule, e.g. dream_returns_ego=no (see docs/rulings.md).",
    started=_started,
    opening=_opening,
    replay=Replay(
        help="""Re-referee every event of RECORD_FILE: every judgement and COGITO again.

    Exit status: 0 when today's referee agrees with the whole record, 2 when
    it judges a declaration or a COGITO otherwise, 1 when the record cannot
    be read or rebuilt. Self cards and reasons are shown only for a finished
    game, so replaying a game in progress spoils nothing.
    """,
        step=_step,
        final=_final,
        json_extra=_json_extra,
    ),
)
cogito.add_command(play_command(TERMINAL))
cogito.add_command(replay_command(TERMINAL))


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


CLIENT = TerminalClient(TERMINAL, {"cogito": cogito})
