"""The frozen previous versions of the games' default players (see README.md here).

A file ``GAME_player_COMMIT.py`` is ``referee/GAME/player.py`` as it was at COMMIT. It
is loaded as a module of its own (it imports today's referee for everything else) and
plays at its own ``DEFAULT_LEVEL``, the default of its day.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def frozen(game: str) -> list[tuple[str, Path]]:
    """(commit, file) of every frozen default player of ``game``, the newest first (by the
    commit's date where git knows it, else by the file's name)."""
    found = [(p.stem.rsplit("_", 1)[-1], p) for p in HERE.glob(f"{game}_player_*.py")]
    return sorted(found, key=lambda cp: (_date(cp[0]), cp[0]), reverse=True)


def _date(commit: str) -> int:
    try:
        done = subprocess.run(
            ["git", "show", "-s", "--format=%ct", commit],
            cwd=HERE,
            capture_output=True,
            text=True,
            check=False,
        )
        return int(done.stdout.strip() or 0)
    except (OSError, ValueError):
        return 0


def module(path: Path) -> ModuleType:
    """The frozen player module in ``path``, loaded once."""
    name = f"previous_{path.stem}"
    loaded = sys.modules.get(name)
    if loaded is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded  # its dataclasses look their module up there
        spec.loader.exec_module(loaded)
    return loaded


def newest(game: str) -> tuple[str, ModuleType] | None:
    """(commit, module) of the newest frozen default player of ``game``, if any."""
    versions = frozen(game)
    if not versions:
        return None
    commit, path = versions[0]
    return commit, module(path)


def previous_player(game: str, seed: int | None = None):
    """The newest frozen default player of ``game``, at its own default level."""
    found = newest(game)
    if found is None:
        raise LookupError(f"no frozen previous player of {game}")
    _, loaded = found
    return loaded.computer_player(loaded.DEFAULT_LEVEL, seed)
