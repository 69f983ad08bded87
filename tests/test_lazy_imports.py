"""Starting the program costs no prover: Z3 is imported by the worker processes that use
it, so ``referee --help``, ``referee parse`` and every spawned process that asks no
question start without it (Z3 alone takes a second or two to import on a busy machine).

And listing the commands costs no game: ``referee --help`` reads each command's one line
where it is declared (``referee.cli.main.COMMANDS``, each registration's ``listing``), so
it loads no game's rules, no logic, no drawing and no web; a registration loads each part
of its game the first time it is asked for."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest

HEAVY = ("z3", "cvc5")
# What listing the games and the commands loads none of: the logic, the derivations, the
# words and drawing every game shares (rich), the web (starlette), the parsers (lark).
NOT_LISTED = ("referee.logic", "referee.derivation", "referee.client", "referee.web")
NOT_LISTED_TOO = ("rich", "lark", "starlette", "uvicorn", *HEAVY)

# What each start imports (the help's path reads every game's registration and command).
STARTS = {
    "the one list of games": "import referee.games",
    "referee --help": (
        "import sys\n"
        "from referee.cli.main import main\n"
        "sys.argv = ['referee', '--help']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
    ),
}


def loaded_after(code: str) -> dict:
    """The modules loaded after ``code`` runs in a fresh interpreter, and each game's
    package (from the one list, read after it: reading it loads nothing)."""
    code = (
        "import sys, json\n"
        + code
        + "\nimport referee.games\n"
        + "print(json.dumps({'modules': sorted(sys.modules), "
        + "'games': [g.package for g in referee.games.GAMES]}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("start", STARTS)
def test_starting_imports_no_prover(start):
    loaded = loaded_after(STARTS[start])["modules"]
    assert [m for m in loaded if m in HEAVY] == [], start


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


@pytest.mark.parametrize("start", STARTS)
def test_listing_the_commands_loads_no_game_logic_or_web(start):
    """Each game is only its registration until a part of it is asked for."""
    after = loaded_after(STARTS[start])
    shared = [m for m in after["modules"] if _within(m, (*NOT_LISTED, *NOT_LISTED_TOO))]
    assert shared == [], start
    games = tuple(after["games"])
    parts = [
        m
        for m in after["modules"]
        if _within(m, games) and m not in games and not m.endswith(".registration")
    ]
    assert parts == [], start


def test_a_game_s_rules_load_without_its_players_drawing_or_words():
    """A process that rebuilds a record (a replay, a computer's process) asks for a game's
    rules and command language: its computer players, words, terminal and web stay out."""
    ask = "\n".join(
        f"g = referee.games.GAMES[{i}]; g.kind, g.commands, g.outcomes, g.options, g.decks"
        for i in range(4)
    )
    after = loaded_after(f"import referee.games\n{ask}")
    assert "referee.palmer.records" in after["modules"]  # asked for, and loaded
    later = ("player", "words", "terminal", "cli", "web")
    unasked = [f"{g}.{part}" for g in after["games"] for part in later]
    assert [m for m in after["modules"] if _within(m, tuple(unasked))] == []
    assert [m for m in after["modules"] if _within(m, ("referee.web", *HEAVY))] == []


def test_each_listed_line_is_its_command_s_own():
    """The line ``referee --help`` says of a command, declared beside its name, is what
    click makes of the command's own help, at every width."""
    from referee.cli.main import main

    context = click.Context(main)
    listing = main.listing()
    assert set(listing) == set(main.list_commands(context))
    for name, line in listing.items():
        command = main.get_command(context, name)
        assert command is not None, name
        listed = click.Command(name, help=line)
        for limit in (20, 45, 74, 200):
            assert listed.get_short_help_str(limit) == command.get_short_help_str(limit), name
