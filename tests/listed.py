"""The games of the one list as the tests see them: ``referee.games.GAMES``, read when asked
(a test that adds a game to the list sees it), a new game's options for any of them, and
what a test says when it cannot play one."""

from __future__ import annotations

import pytest

import referee.games
from referee.table.registry import GameRegistration

PEOPLE = ("ann", "bob")


def names() -> list[str]:
    """The name of every game of the one list, in its order (a test's parameters)."""
    return [g.name for g in referee.games.GAMES]


def registration(name: str) -> GameRegistration:
    found = referee.games.by_name(name)
    assert found is not None, f"{name} is not in referee.games.GAMES"
    return found


def options(game: GameRegistration, people: tuple[str, ...] = PEOPLE) -> dict[str, object]:
    """The options a new game of ``game`` takes here, as play's command line gives them:
    its players named (one name for each option that names one player: ``white`` and
    ``black``, ``maker`` and ``breaker``; else a ``players`` list), a ``seed`` of 1, the
    rest not given (their defaults)."""
    given = {o.name for o in game.options}
    values: dict[str, object] = dict.fromkeys(given)
    seats = [
        o.name
        for o in game.options
        if o.name != "players" and (o.required or o.name in ("white", "black"))
    ]
    if seats:
        values.update(zip(seats, people, strict=False))
    elif "players" in given:
        values["players"] = ",".join(people)
    if "seed" in given:
        values["seed"] = 1
    return values


def needs_legal(game: GameRegistration) -> None:
    """Skip, saying why, a test that plays ``game`` by the moves it lists, when it lists none."""
    if game.legal is None:
        pytest.skip(f"{game.name} declares no legal moves (no legal.legal_lines): this test "
                    "plays a game by the moves it lists")  # fmt: skip


def command(game: GameRegistration, word: str = "play") -> list[str]:
    """``referee``'s words for ``game``'s command ``word``: ``play``, or ``NAME play``."""
    return [word] if word in game.cli else [game.cli[0], word]


def play_args(game: GameRegistration, people: tuple[str, ...] = PEOPLE) -> list[str]:
    """``referee``'s arguments that start a new game of ``game`` (without ``--record``)."""
    given = [(o, v) for o, v in options(game, people).items() if v is not None]
    return [*command(game), *(a for o, v in given for a in (f"--{o.replace('_', '-')}", str(v)))]
