"""The README stays true: its two set-up commands are the ones CI runs, and every example
of the game sections prints what the README shows, at 80 columns."""

import re
import shlex
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)[:2]


def test_readme_opens_with_install_and_test_commands():
    install, test = readme_commands()
    assert "pip install" in install and "referee analyze examples/boards/" in install
    assert "pytest" in test
    board = install.rsplit(" ", 1)[-1]
    assert (ROOT / board).is_file()


def test_ci_runs_exactly_the_readme_commands():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in readme_commands():
        assert command in ci, f".ci/run does not run: {command}"


# ------------------------------------------------ every example of the game sections
#
# Each example of the sections below is run as a person runs it, in a pseudo-terminal of
# 80 × 24 (tests/ptyscreen.py), and what the README shows must be what it prints: every
# line shown, in order, with "..." where the README leaves lines (or part of one) out.
# Timings and the prover that won the race vary from run to run; nothing else may.

SECTIONS = (
    "## The statement language",
    "## Playing Palmer's game",
    "## Ergo (Catalyst Game Labs): the card game",
    "## Ergo (Invicta): five in a row, refereed",
    "## Cogito: the judge, the deduction aide and the game",
)
# Files an example names that the repository does not keep (the README's own words).
FILES = {
    "bad.txt": "A OR B\nNOT NOT C\n",
    "ours.toml": (ROOT / "tests" / "data" / "readme-ours.toml"),
}
# A transcript (```text) is a game: the command and the script that play it.
TRANSCRIPTS = {
    "> play blonde : forall x blonde(x)": (
        # a limit no busy machine reaches, so the derivations are written as at a table
        ["play", "--players", "alice,bob", "--mode", "table", "--timeout", "60"],
        None,  # the lines typed in the transcript itself
    ),
    "Turn 9 (round 1)": (
        ["ergo", "play", "--players", "ann,bob,cat", "--mode", "table"],
        "examples/ergo/review-round.txt",
    ),
    "> c3": (
        ["invicta", "play", "--white", "carol", "--black", "dave"],
        "examples/invicta/diagonal-win.txt",
    ),
    "> play Ego": (
        ["cogito", "play", "--players", "alice,bob,carol", "--seed", "24"],
        "examples/cogito/found-after-a-dream.txt",
    ),
}
_TIME = re.compile(r"\d+(\.\d+)?\s+(ms|s)\b")
_PROVER = re.compile(r"\((E prover|cvc5|Z3) proof")


def _normal(text: str) -> str:
    return _PROVER.sub("(PROVER proof", _TIME.sub("T", text))


def _pattern(line: str) -> re.Pattern:
    """A README line as a pattern: "..." stands for what it leaves out of the line, and a
    space for any spaces, a line break included (a line wraps where its words fall)."""
    line = _normal(line.removesuffix("   (indented on screen)").strip())
    words = ["[^\\n]*".join(re.escape(part) for part in word.split("...")) for word in line.split()]
    anchor = "" if line.startswith("> ") else r"(?:^|(?<=\s))"  # a line typed: after a prompt
    return re.compile(anchor + r"\s+".join(words), re.M)


def readme_examples() -> list[tuple[str, list[str]]]:
    """(what to run, the lines the README shows) for each example of the game sections."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    heads = [m.start() for m in re.finditer(r"^## ", text, re.M)] + [len(text)]
    out: list[tuple[str, list[str]]] = []
    for start, end in zip(heads, heads[1:], strict=False):
        section = text[start:end]
        if not section.startswith(SECTIONS):
            continue
        for kind, body in re.findall(r"```(\w*)\n(.*?)```", section, re.S):
            lines = body.rstrip("\n").split("\n")
            if kind == "text":
                out.append((lines[0], lines))
            elif kind in ("sh", "console"):
                command: list[str] = []
                shown: list[str] = []
                for line in lines:
                    if line.startswith("$ ") or (command and command[-1].endswith("\\")):
                        if line.startswith("$ ") and command:
                            out.append((" ".join(command), shown))
                            command, shown = [], []
                        command.append(line.removeprefix("$ ").strip())
                    else:
                        shown.append(line)
                if command:
                    out.append((" ".join(command), shown))
    return out


def _transcript(first: str):
    """The game a transcript is, by its first line (None: not a transcript)."""
    return next((v for k, v in TRANSCRIPTS.items() if first.startswith(k)), None)


def _runnable(command: str, shown: list[str]) -> bool:
    """An example with output shown; a command shown alone is a form to type, not an example."""
    return bool(shown) or _transcript(command) is not None


def _matches(shown: list[str], printed: list[str]) -> list[str]:
    """The README lines not found, in order, in what was printed."""
    text = _normal("\n".join(p.rstrip() for p in printed))
    missing, at = [], 0
    for line in shown:
        if line.strip() in ("...", "") or line.strip().startswith("... "):
            continue
        found = _pattern(line).search(text, at)
        if found is None:
            missing.append(line)
        else:
            at = found.end()
    return missing


EXAMPLES = [e for e in readme_examples() if _runnable(*e)]


def test_the_game_sections_have_examples_and_every_transcript_is_known():
    firsts = [c for c, _ in readme_examples() if not c.startswith(("referee ", "cat "))]
    assert len(EXAMPLES) >= 17
    assert len(firsts) == len(TRANSCRIPTS)
    assert all(_transcript(c) is not None for c in firsts)


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c[:50] for c, _ in EXAMPLES])
def test_every_readme_example_prints_what_the_readme_shows(tmp_path, command, shown):
    from ptyscreen import play

    for name in ("examples", "cards"):
        (tmp_path / name).symlink_to(ROOT / name)
    for name, content in FILES.items():
        if isinstance(content, Path):
            content = content.read_text(encoding="utf-8")
        (tmp_path / name).write_text(content, encoding="utf-8")
    if _transcript(command) is not None:
        args, script = _transcript(command)
        if script is None:
            typed = [line[2:] for line in shown if line.startswith("> ")]
        else:
            text = (ROOT / script).read_text(encoding="utf-8")
            typed = [x for x in text.split("\n") if x.strip() and not x.startswith("#")]
            last = [line[2:] for line in shown if line.startswith("> ")][-1]
            if last not in typed:  # the transcript asks something after the script's end
                typed.append(last)
        printed = play([*args, "--record", "game.json"], [*typed, "quit"], tmp_path).lines()
    elif command.startswith("cat "):
        printed = (tmp_path / command.split()[1]).read_text(encoding="utf-8").split("\n")
    else:
        words = shlex.split(command, comments=True)
        assert words[0] == "referee", command
        printed = play(words[1:], [], tmp_path).lines()
    missing = _matches(shown, printed)
    assert not missing, "\n".join(["README lines not printed:", *missing, "printed:", *printed])


def test_every_docs_path_the_docs_and_examples_name_exists():
    """A path to a page under docs/ named in the README, the docs or an example is there."""
    named = re.compile(r"docs/[\w./-]+\.(?:md|png)")
    sources = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "examples").rglob("*")]
    missing = []
    for source in sources:
        if not source.is_file() or source.suffix not in (".md", ".txt", ".toml", ".moves"):
            continue
        for path in named.findall(source.read_text(encoding="utf-8")):
            if not (ROOT / path).exists():
                missing.append(f"{source.relative_to(ROOT)}: {path}")
    assert not missing
