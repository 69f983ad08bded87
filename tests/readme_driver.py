"""Run several ``referee`` commands in one process, one after the other, as a shell would
run them in turn (``tests/test_readme.py``: one start of Python and the referee for all
the examples that type nothing). Each command's output follows a line ``@@ example N``."""

import json
import sys

from referee.cli.main import main

for k, words in enumerate(json.loads(sys.argv[1])):
    sys.stdout.write(f"@@ example {k}\n")
    sys.stdout.flush()
    try:
        main.main(args=words, prog_name="referee")
    except SystemExit:
        pass
    sys.stdout.flush()
    sys.stderr.flush()
