"""Whatever a player types is shown as typed: never read as rich markup, never obeyed by
the terminal (issue: `end [/oops]` crashed the session and every replay of its record)."""

import json

from click.testing import CliRunner

from referee.cli.main import main
from referee.client.safe import escape_invisible

ESCAPE = "\x1b]0;pwned\x07\x1b[2J"
SCRIPT = "\n".join(
    [
        "play [/oops] : forall x blonde(x)",  # a card that does not exist
        "play blonde : forall x blonde(x) [/oops]",  # a statement with markup after it
        "play blonde : [x]",  # markup-looking statement: the caret must point at it
        "play blonde : forall x blonde(x)",
        "hand [/oops]",
        "pass [/oops]",
        "claim 1 with [/oops]",
        "claim [bold]1",
        "play ? : exists x blonde(x)",
        "dance [/oops]",
        f"end [bold]red[/bold] {ESCAPE} [link=http://x]click[/link]",
    ]
)


def invoke(args, script=""):
    return CliRunner().invoke(main, args, input=script, catch_exceptions=False)


def test_a_game_full_of_markup_plays_resumes_and_replays(tmp_path):
    record = tmp_path / "g.json"
    players = "[/oops],[bold]al"
    first = invoke(
        ["play", "--players", players, "--mode", "table", "--record", str(record)],
        "\n".join(SCRIPT.split("\n")[:5]),
    )
    assert first.exit_code == 0, first.output
    out = first.output
    assert "[/oops]" in out and "[bold]al" in out  # names shown exactly as typed
    assert "refused:" in out and "'[/oops]' is not a card of this deck" in out
    resumed = invoke(["play", "--record", str(record)], "\n".join(SCRIPT.split("\n")[5:]))
    assert resumed.exit_code == 0, resumed.output
    out = resumed.output
    assert "\x1b" not in out and "\\x1b]0;pwned\\x07" in out  # escapes made visible
    assert "[bold]red[/bold]" in out and "[link=http://x]click[/link]" in out
    assert "Game over:" in out
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["setup"]["settings"]["players"] == ["[/oops]", "[bold]al"]
    assert data["events"][-1]["reason"].startswith("[bold]red[/bold] \x1b]0;pwned")
    replayed = invoke(["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert "\x1b" not in replayed.output and "[/oops]" in replayed.output
    as_json = invoke(["replay", "--json", str(record)])
    assert as_json.exit_code == 0 and json.loads(as_json.stdout)["agrees"]


def test_the_caret_points_under_what_was_typed(tmp_path):
    out = invoke(
        ["play", "--players", "a,b", "--mode", "table", "--record", str(tmp_path / "g.json")],
        "play blonde : [x]\n",
    ).output
    lines = out.splitlines()
    source = next(i for i, line in enumerate(lines) if line.strip() == "[x]")
    assert lines[source + 1].strip().startswith("^")
    assert lines[source + 1].index("^") == lines[source].index("[")


def test_a_record_with_a_markup_event_type_is_a_clean_error(tmp_path):
    path = tmp_path / "r.json"
    invoke(
        ["play", "--players", "a,b", "--mode", "table", "--record", str(path)],
        "play blonde : forall x blonde(x)\n",
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    data["events"][0]["type"] = "play[/oops]"
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in (
        ["replay", "--json", str(path)],
        ["replay", str(path)],
        ["play", "--record", str(path)],
    ):
        result = invoke(args)
        assert result.exit_code == 1 and "play[/oops]" in result.output, result.output


def test_a_deck_named_with_markup_is_shown_as_named(tmp_path):
    from referee.resources import default_deck_path

    deck = default_deck_path().read_text(encoding="utf-8")
    start = deck.index('name = "')
    end = deck.index('"', start + 8)

    def with_name(name: str) -> str:
        path = tmp_path / "deck.toml"
        path.write_text(deck[:start] + f'name = "{name}"' + deck[end + 1 :], encoding="utf-8")
        return str(path)

    result = invoke(["cards", "--deck", with_name("[/oops] [bold]x")])
    assert result.exit_code == 0, result.output
    assert "[/oops] [bold]x" in result.output
    # an escape sequence in a deck is refused, named, never sent to the terminal
    result = invoke(["cards", "--deck", with_name("x\\u001b]0;pwned\\u0007")])
    assert result.exit_code == 1 and "U+001B ESCAPE" in result.output
    assert "\x1b" not in result.output


def test_visible_shows_controls_and_keeps_everything_else():
    assert escape_invisible("∀x blonde(x) [b]") == "∀x blonde(x) [b]"
    assert escape_invisible("a\x1b[2Jb\u2028c\u202ed") == "a\\x1b[2Jb\\u2028c\\u202ed"


def test_an_events_line_shows_every_field_a_player_typed_escaped():
    """The one line undo and `replay --step` say of an event: a game's template over the
    event's fields (cli/renders.py event_words) escapes each value it fills in."""
    from referee.cogito.events import Play, Position
    from referee.cogito.terminal import describe as cogito_line
    from referee.ergo.cards import Face
    from referee.ergo.events import TabulaRasa
    from referee.ergo.proof import Spot
    from referee.ergo.terminal import describe as ergo_line
    from referee.palmer.events import Negate
    from referee.palmer.terminal import describe as palmer_line

    name = f"ann{ESCAPE}"
    shown = escape_invisible(name)
    assert palmer_line(Negate(name, "not", 2, 1, "P(a)", f"¬P(a){ESCAPE}")) == (
        f"{shown} negates #2: P(a) ⇒ ¬P(a){escape_invisible(ESCAPE)}"
    )
    assert (
        ergo_line(TabulaRasa(name, Spot(1, 2), Face.NOT))
        == f"{shown} plays Tabula Rasa on ¬ at 1:2"
    )
    assert cogito_line(Play(name, "Tulip", Position.BLUE)) == f"{shown} reveals Tulip (blue)"


def test_the_tables_end_is_said_by_every_game_that_has_it():
    """`end REASON` is one event (table.events.End) for Palmer's game, Ergo and Cogito: the
    reason a player typed is shown escaped; Cogito says what its end means (a tie)."""
    from referee.cogito.events import CODEC as COGITO
    from referee.cogito.terminal import describe as cogito_line
    from referee.ergo.events import CODEC as ERGO
    from referee.ergo.terminal import describe as ergo_line
    from referee.palmer.events import CODEC as PALMER
    from referee.palmer.terminal import describe as palmer_line

    stored = {"type": "end", "reason": f"late{ESCAPE}"}
    for codec, line in ((PALMER, palmer_line), (ERGO, ergo_line)):
        assert line(codec.decode(stored)) == f"the game ends: late{escape_invisible(ESCAPE)}"
        assert codec.encode(codec.decode(stored)) == stored
    assert cogito_line(COGITO.decode(stored)) == "nobody declares COGITO: the game ends in a tie"
    assert COGITO.encode(COGITO.decode(stored)) == stored
