"""The README and the docs stay true: their two set-up commands are the ones CI runs, and
every example in them prints what they show, at 80 columns.

An example is a line ``$ referee ...`` (or ``$ cat FILE``) in a fenced block of
``README.md`` or of any markdown file under ``docs/``. The lines after it, up to the
next ``$`` line or the end of the block, are what it prints in a terminal of 80 × 24
(a line the program wraps is shown wrapped). Two things mark what is left out:

* a line ``...`` (indented as you like, a note after ``... `` allowed) stands for any
  number of lines, none included;
* ``...`` inside a line stands for part of that line.

Where a line wraps is not compared (a time or a prover's name of another length wraps
a line elsewhere): every word printed must be shown, in order, or left out by ``...``.

A transcript is an example whose lines include lines typed at the prompt (``> play 2``,
whatever the prompt):
those are typed in turn, or, when the comment ``<!-- typed: FILE -->`` is the line
before the block, the lines of FILE (comments and blank lines apart), and then the
block's own typed lines after the file's last.

What varies from run to run is accepted anywhere in an example: a time (``0.05 s``,
``9.6 ms``; a limit, ``limit 5 s``, is a setting and must match) and the name of the
prover that won the race (``E prover``, ``Z3``, ``cvc5``, ``the model finder``, where
the program says who proved or found something). The README says so once. A line that
starts ``referee`` without ``$`` is a form to type, not an example.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
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


# ------------------------------------------------------------------- reading the examples

# Files an example names that the repository does not keep (the text around it says what
# they hold).
FILES = {
    "bad.txt": "A OR B\nNOT NOT C\n",
    "ours.toml": (ROOT / "tests" / "data" / "readme-ours.toml"),
}
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
_TYPED = re.compile(r"<!-- typed: (\S+) -->\n$")


def documents() -> list[Path]:
    """Every markdown file whose examples are checked: the README and the docs."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class Example:
    where: str  # FILE:LINE of the ``$`` line
    command: str  # what follows ``$ ``, continuation lines joined
    shown: tuple[str, ...]  # the lines the document shows it printing
    typed_from: str | None = None  # the file whose lines are typed (``<!-- typed: -->``)

    @property
    def typed(self) -> list[str]:
        """The lines typed at the prompts, in order."""
        own = [line[2:] for line in self.shown if line.startswith("> ")]
        if self.typed_from is None:
            return own
        text = (ROOT / self.typed_from).read_text(encoding="utf-8")
        script = [x for x in text.split("\n") if x.strip() and not x.startswith("#")]
        last = next((k for k, line in enumerate(own) if line == script[-1]), None)
        return script + (own[last + 1 :] if last is not None else [])

    @property
    def transcript(self) -> bool:
        return any(line.startswith("> ") for line in self.shown)


def examples_in(path: Path) -> list[Example]:
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix()
    out: list[Example] = []
    for fence in _FENCE.finditer(text):
        start = text.count("\n", 0, fence.start(2)) + 1
        before = _TYPED.search(text, 0, fence.start())
        typed_from = before.group(1) if before and before.end() == fence.start() else None
        found: list[tuple[int, list[str], list[str]]] = []  # (line, command, shown)
        for k, line in enumerate(fence.group(2).rstrip("\n").split("\n")):
            if line.startswith("$ "):
                found.append((start + k, [line[2:]], []))
            elif found and found[-1][1][-1].endswith("\\") and not found[-1][2]:
                found[-1][1].append(line)
            elif found:
                found[-1][2].append(line)
        for at, command, shown in found:
            joined = " ".join(c.removesuffix("\\").strip() for c in command)
            out.append(Example(f"{name}:{at}", joined, tuple(shown), typed_from))
    return out


def all_examples() -> list[Example]:
    return [e for path in documents() for e in examples_in(path)]


def ours(example: Example) -> bool:
    """An example this test runs: the referee's, or a file shown with cat."""
    return example.command.startswith(("referee ", "cat "))


EXAMPLES = [e for e in all_examples() if ours(e)]


# ---------------------------------------------------------------------- comparing them

# What varies from run to run, written over in both texts before they are compared: a time
# measured (never a limit set: ``limit 5 s``) and who proved or found something.
_VARIES = (
    (re.compile(r"(?<!limit )(?<![\w.])\d+(?:\.\d+)?\s+(?:ms|µs|s)\b"), "TIME"),
    (re.compile(r'(?<="seconds": )\d+(?:\.\d+)?'), "TIME"),
    (re.compile(r"(?<=\()(?:E\s+prover|cvc5|Z3)(?=\s+proof)"), "RACER"),
    (re.compile(r"(?<=found by )(?:E\s+prover|cvc5|Z3|the\s+model\s+finder)\b"), "RACER"),
)
_ELIDED, _PROMPT = object(), object()


def _normal(text: str) -> str:
    for pattern, word in _VARIES:
        text = pattern.sub(word, text)
    return text


def _elided(line: str) -> bool:
    stripped = line.strip()
    return stripped == "..." or stripped.startswith("... ")


def _shown_words(shown: list[str]) -> list[tuple[object, int]]:
    """The shown lines as what each printed word must be, with the line it comes from:
    a word, ``_ELIDED`` (any words, none included) or ``_PROMPT`` (a prompt: up to three
    words, the last ending in ``>``)."""
    out: list[tuple[object, int]] = []
    if not shown:
        return out
    text = _normal("\n".join("" if _elided(line) else line for line in shown))
    for k, (line, normal) in enumerate(zip(shown, text.split("\n"), strict=True)):
        if _elided(line):
            out.append((_ELIDED, k))
            continue
        if line.startswith("> "):
            out.append((_PROMPT, k))
            normal = normal[2:]
        out.extend((word, k) for word in normal.split())
    return out


def _fits(want: object, printed: list[str], j: int) -> list[int]:
    """Where the printed words may go on after ``want`` is matched from word ``j``."""
    if want is _ELIDED:
        return list(range(j, len(printed) + 1))
    if want is _PROMPT:
        return [
            j + t for t in (1, 2, 3) if j + t <= len(printed) and printed[j + t - 1].endswith(">")
        ]
    assert isinstance(want, str)
    if "..." not in want:
        return [j + 1] if j < len(printed) and printed[j] == want else []
    head, tail = want.split("...", 1)
    tail = tail.rsplit("...", 1)[-1]
    if j >= len(printed) or not printed[j].startswith(head):
        return []
    return [
        k + 1
        for k in range(j, len(printed))
        if printed[k].endswith(tail) and (k > j or len(printed[k]) >= len(head) + len(tail))
    ]


def mismatch(shown: list[str], printed: list[str]) -> str | None:
    """Where ``shown`` is not what was ``printed`` (None: it is), as a short report.

    Word by word: every printed word is shown, in order, or left out by a ``...``; where
    a line breaks is not compared (a time or a prover's name of another length wraps a
    line elsewhere), and the prompt before a typed line is any prompt.
    """
    words = _normal("\n".join(p.rstrip() for p in printed)).split()
    wanted = _shown_words(shown)
    at = {0}
    for want, line in wanted:
        after = {k for j in sorted(at) for k in _fits(want, words, j)}
        if not after:
            j = max(at)
            near = " ".join(words[max(0, j - 8) : j + 12])
            return f"shown line {line + 1}: {shown[line]!r}\nprinted there: ... {near} ..."
        at = after
    if len(words) in at:
        return None
    j = max(at)
    return f"printed and not shown: {' '.join(words[j : j + 20])} ..."


def test_the_matching_is_strict_where_it_should_be():
    printed = ["board: CONSISTENT   (0.02 s in all)", "a", "b", "ann> claim 2", "limit 5 s"]
    shown = ["board: CONSISTENT   (9 ms in all)", "...", "> claim 2", "limit 5 s"]
    assert mismatch(shown, printed) is None
    assert mismatch(shown[:-1], printed) is not None  # a line printed and not shown
    assert mismatch([*shown[:-1], "limit 60 s"], printed) is not None  # a limit is no time
    assert mismatch(["(E prover proof, 3 ms)"], ["(cvc5 proof,", "1.2 ms)"]) is None
    assert (
        mismatch(["found by the model finder, re-checked"], ["found by cvc5, re-checked"]) is None
    )
    assert mismatch(["E prover"], ["cvc5"]) is not None  # a prover named, not a race's winner
    assert mismatch(["a ... c"], ["a b c"]) is None and mismatch(["a c"], ["a b c"]) is not None
    assert mismatch(['{"a": 1, ...}, "c": 3}'], ['{"a": 1, "b": 2}, "c": 3}']) is None
    assert mismatch(["x", "..."], ["x"]) is None and mismatch(["x"], ["x", "y"]) is not None


def test_the_documents_have_examples_and_every_transcript_is_typed():
    examples = EXAMPLES
    assert len(examples) >= 20
    assert sum(e.transcript for e in examples) >= 4
    for e in examples:
        if e.typed_from is not None:
            assert (ROOT / e.typed_from).is_file(), e.where
    # every block with a typed line is an example: a transcript nobody runs would rot
    for path in documents():
        text = path.read_text(encoding="utf-8")
        for fence in _FENCE.finditer(text):
            body = fence.group(2)
            if re.search(r"^> ", body, re.M):
                assert re.match(r"\$ referee ", body), (
                    f"{path.name}: a transcript without $ referee"
                )


def _setup(tmp_path: Path) -> None:
    for name in ("examples", "cards"):
        (tmp_path / name).symlink_to(ROOT / name)
    for name, content in FILES.items():
        if isinstance(content, Path):
            content = content.read_text(encoding="utf-8")
        (tmp_path / name).write_text(content, encoding="utf-8")


def _words(example: Example) -> list[str]:
    return shlex.split(example.command, comments=True)


def _alone(example: Example) -> bool:
    """An example that needs a process of its own: a game typed at, or output to a file."""
    return example.transcript or ">" in _words(example)


def printed_by(example: Example, cwd: Path) -> list[str]:
    """What ``example`` prints in a terminal of 80 × 24 (typed lines typed at its prompts)."""
    from ptyscreen import play

    words = _words(example)
    if words[0] == "cat":
        return (cwd / words[1]).read_text(encoding="utf-8").rstrip("\n").split("\n")
    if ">" in words:  # output to a file: nothing reaches the terminal
        at = words.index(">")
        with open(cwd / words[at + 1], "wb") as target:
            done = subprocess.run(
                [sys.executable, "-m", "referee.cli.main", *words[1:at]],
                cwd=cwd,
                stdout=target,
                stderr=subprocess.PIPE,
                text=True,
                timeout=120,
            )
        return done.stderr.rstrip("\n").split("\n") if done.stderr else []
    return play(words[1:], [*example.typed, "quit"], cwd).seen(wide=True)


def printed_together(examples: list[Example], cwd: Path) -> dict[str, list[str]]:
    """What each of ``examples`` (none typed at) prints, all run in one process in turn."""
    from ptyscreen import in_turn

    printed = in_turn([_words(e)[1:] for e in examples], cwd)
    return {e.where: rows for e, rows in zip(examples, printed, strict=True)}


@pytest.fixture(scope="module")
def printed_in_turn(tmp_path_factory) -> dict[str, list[str]]:
    cwd = tmp_path_factory.mktemp("examples")
    _setup(cwd)
    plain = [e for e in EXAMPLES if not _alone(e) and _words(e)[0] == "referee"]
    return printed_together(plain, cwd)


@pytest.mark.slow
@pytest.mark.parametrize("example", EXAMPLES, ids=[e.where for e in EXAMPLES])
def test_every_example_prints_what_the_document_shows(tmp_path, printed_in_turn, example):
    from ptyscreen import COLUMNS, width

    if example.where in printed_in_turn:
        printed = printed_in_turn[example.where]
    else:
        _setup(tmp_path)
        printed = printed_by(example, tmp_path)
    assert not any("Traceback" in line for line in printed), "\n".join(printed)
    if "--json" not in _words(example):  # JSON is a line for a program, as long as it is
        typed = tuple(example.typed) or ("\0",)
        wide = [row for row in printed if width(row) > COLUMNS and not row.endswith(typed)]
        assert not wide, "\n".join([f"{example.where}: wider than {COLUMNS} columns:", *wide])
    wrong = mismatch(list(example.shown), printed)
    assert wrong is None, "\n".join(
        [f"{example.where}: $ {example.command}", wrong, "printed:", *printed]
    )


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
