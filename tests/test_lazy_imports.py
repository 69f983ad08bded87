"""Starting the program costs no prover: Z3 is imported by the worker processes that use
it, so ``referee --help``, ``referee parse`` and every spawned process that asks no
question start without it (Z3 alone takes a second or two to import on a busy machine)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("z3", "cvc5")

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


@pytest.mark.parametrize("start", STARTS)
def test_starting_imports_no_prover(start):
    code = STARTS[start] + f"\nprint(sorted(m for m in sys.modules if m in {HEAVY!r}))\n"
    if "import sys" not in code.splitlines()[0]:
        code = "import sys\n" + code
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]", (start, result.stdout[-300:])
