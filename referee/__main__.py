"""`python -m referee`: the command line, as the console script `referee` runs it."""

from referee.cli.main import main

if __name__ == "__main__":
    main(prog_name="referee")
