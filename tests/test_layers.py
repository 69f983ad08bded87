"""The layers, as the imports say (docs/architecture.md): every ``import`` and ``from ... import``
in ``referee/`` read with ``ast`` (those inside functions too), so a layer broken anywhere,
even lazily, fails here.

language → logic → derivation → table → client → the games → the interfaces (cli, web):
each imports only the layers before it; no two packages import each other, however
indirectly; the games never import each other and nothing outside a game's package
imports it except the one list, ``referee/games.py``; inside a game's package the rules
never import its words, its terminal drawing or its commands.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "referee"

# The layers, bottom first: a package may import its own layer's modules and those below.
LAYERS = ("language", "logic", "derivation", "table", "client", "games", "interfaces")
SHARED = {"language": 0, "logic": 1, "derivation": 2, "table": 3, "client": 4}
INTERFACES = ("cli", "web")
TOP = ("referee", "referee.resources")  # the package itself and its bundled data: no imports
# A game's modules that words it, draws it and wires its commands, above its rules; its
# registration (the one object the list holds) may reach them.
PRESENTATION = ("words", "terminal", "cli", "web")
# Modules still reaching a game from outside its package while its per-game part moves
# into the games: none (the web's pairing reads the one list since issue 28's web half).
PENDING: set[str] = set()


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = modules()
GAME_PACKAGES = tuple(
    sorted(p.parent.name for p in ROOT.glob("*/registration.py") if p.parent.name != "table")
)


def imported(name: str, path: Path) -> set[str]:
    """The modules of ours ``name`` imports (``from a.b import c`` is a.b.c when c is a module)."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                full = f"{base}.{a.name}"
                out.add(full if full in MODULES else base)
    return {m for m in out if m == "referee" or m.startswith("referee.")}


IMPORTS = {name: imported(name, path) for name, path in MODULES.items()}


def package(module: str) -> str:
    """The package a module belongs to: ``referee.ergo.words`` → ``ergo``; ``referee.games``
    (the one list) → ``games``."""
    if module == "referee.__main__":  # `python -m referee`: the command line's other door
        return "cli"
    parts = module.split(".")
    return "referee" if len(parts) == 1 else parts[1]


def layer(pkg: str) -> int:
    if pkg in SHARED:
        return SHARED[pkg]
    if pkg in GAME_PACKAGES or pkg == "games":
        return LAYERS.index("games")
    if pkg in INTERFACES:
        return LAYERS.index("interfaces")
    if pkg in ("referee", "resources"):
        return -1
    raise AssertionError(f"referee.{pkg} is in no layer: add it to tests/test_layers.py")


def edges() -> set[tuple[str, str, str, str]]:
    """(importer's package, imported's package, importer, imported), across packages."""
    return {
        (package(a), package(b), a, b)
        for a, targets in IMPORTS.items()
        for b in targets
        if package(a) != package(b)
    }


def test_the_four_games_and_the_shared_layers_are_found():
    assert set(GAME_PACKAGES) >= {"palmer", "ergo", "invicta", "cogito"}
    assert {package(m) for m in MODULES} >= {*SHARED, *INTERFACES, *GAME_PACKAGES, "games"}


def test_every_package_imports_only_its_layer_and_those_below():
    wrong = [
        f"{a} imports {b}"
        for pa, pb, a, b in sorted(edges())
        if pb != "referee" and layer(pb) > layer(pa)
    ]
    assert wrong == []


def test_the_games_never_import_each_other_and_the_interfaces_never_import_each_other():
    wrong = [
        f"{a} imports {b}"
        for pa, pb, a, b in sorted(edges())
        if layer(pa) == layer(pb) and pa != "games" and pb != "games"
    ]
    assert wrong == []


def test_outside_a_games_package_only_the_one_list_imports_it():
    wrong = [
        f"{a} imports {b}"
        for pa, pb, a, b in sorted(edges())
        if pb in GAME_PACKAGES and a != "referee.games" and a not in PENDING
    ]
    assert wrong == []


def test_no_cycle_between_packages():
    graph: dict[str, set[str]] = {}
    for pa, pb, _, _ in edges():
        graph.setdefault(pa, set()).add(pb)
    done: set[str] = set()

    def visit(pkg: str, path: tuple[str, ...]) -> None:
        assert pkg not in path, " → ".join((*path, pkg))
        if pkg in done:
            return
        for nxt in sorted(graph.get(pkg, ())):
            visit(nxt, (*path, pkg))
        done.add(pkg)

    for pkg in sorted(graph):
        visit(pkg, ())


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_inside_a_game_the_rules_never_import_its_words_or_drawing(game):
    above = {f"referee.{game}.{m}" for m in PRESENTATION}

    def presentation(module: str) -> bool:
        return any(module == a or module.startswith(a + ".") for a in above)

    rules = [m for m in MODULES if package(m) == game and not presentation(m)]
    rules = [m for m in rules if m != f"referee.{game}.registration"]
    wrong = [f"{m} imports {t}" for m in rules for t in sorted(IMPORTS[m]) if presentation(t)]
    assert wrong == []
    # and its words come before its drawing and commands
    words = f"referee.{game}.words"
    assert not IMPORTS.get(words, set()) & (above - {words})


def test_the_checks_see_an_import_inside_a_function(tmp_path):
    source = tmp_path / "lazy.py"
    source.write_text("def f():\n    from referee.web import app\n", encoding="utf-8")
    assert "referee.web.app" in imported("referee.cli.lazy", source)
    source.write_text("from .safe import user\n", encoding="utf-8")
    assert "referee.client.safe" in imported("referee.client.lazy", source)


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_a_game_s_registration_finds_its_presentation_and_imports_in_no_circle(game):
    """Its words, terminal and web are found by the convention (``GameRegistration.of``),
    so its registration imports none of them, and neither it nor any of them imports
    itself back, however indirectly, even inside a function (``cli`` ↔ ``registration``
    once did)."""
    above = {f"referee.{game}.{m}" for m in PRESENTATION}
    registration = f"referee.{game}.registration"
    assert not {m for m in IMPORTS[registration] if m in above or m.rpartition(".")[0] in above}
    inside = {m for m in MODULES if package(m) == game}
    for start in sorted({registration} | (above & inside)):
        seen, todo = set(), [t for t in IMPORTS[start] if t in inside]
        while todo:
            module = todo.pop()
            assert module != start, f"{start} imports itself back"
            if module not in seen:
                seen.add(module)
                todo += [t for t in IMPORTS[module] if t in inside]
