"""Issue 12, "Keep it that way": mutated command lines of every entry point end in exit 0 or
argparse's one-line error (exit 2), never a traceback (a fixed-seed slice; the long run is
``bench/fuzz.py``)."""

from __future__ import annotations

from hypothesis import example, given

from tests.fuzz import slice_of
from tests.fuzz.targets import CommandLine, check_command_line, command_lines


@slice_of(max_examples=150)
@given(command_lines())
@example(CommandLine("game", ("--headless", "--delay", "nan")))
@example(CommandLine("game", ("--headless", "--match", "standard", "--target", "0")))
@example(CommandLine("game.tools.arena", ("--games", "2", "--bots", "hard:xyz,random")))
@example(CommandLine("game.tools.arena", ("--games", "2", "--bots", "random,random"), "folder"))
@example(CommandLine("game.tools.arena", ("--games", "2", "--bots", "random,random"), "twice"))
@example(CommandLine("game.tools.sim", ("--games", "-5")))
@example(CommandLine("game.tools.arena", ("--games", "2", "--processes", "0")))
@example(CommandLine("game.tools.position", ("new", "--moves", "-1")))
@example(CommandLine("game.tools.sim", ("--games", "2", "a\nb")))
def test_command_lines_end_in_success_or_one_line_error(line: CommandLine) -> None:
    check_command_line(line)
