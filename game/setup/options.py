"""What a person may choose on a command line or at the set-up screen, and how the command
lines check it and stop.

The choices (editions, match kinds, AI kinds) are the engine's and the bots' own lists; the
set-up screen reads the command line's defaults from here, so it never imports
:mod:`game.cli`. The argument types below give argparse's one-line error (exit 2) for a value
out of range, and :func:`run_command` gives every entry point the same clean stops:

- Ctrl+C: one line on stderr, exit 130 (128 + SIGINT), no traceback;
- the reader of stdout went away (``… | head``): nothing more is written, exit 141
  (128 + SIGPIPE), as a C program killed by SIGPIPE would.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import signal
import sys
from collections.abc import Callable, Collection, Sequence
from typing import NoReturn

from game.bots import BOTS
from game.i18n import _
from game.rules.ruleset import EDITIONS, MatchKind

EDITION_CHOICES: tuple[str, ...] = tuple(sorted(EDITIONS))
MATCH_CHOICES: tuple[str, ...] = tuple(k.value for k in MatchKind)
BOT_KINDS: tuple[str, ...] = tuple(BOTS)
#: ``--bots`` when none is given: the set-up screen treats it as "no choice made".
DEFAULT_BOTS = "heuristic"

#: A match target above this would take thousands of hands (a never-ending command).
MAX_TARGET = 10_000
#: ``--delay`` is a pace to watch at, not a way to hang the terminal.
MAX_DELAY = 60.0
#: Games of one ``game.tools.sim`` / ``game.tools.arena`` run (the arena keeps a list of chunks).
MAX_GAMES = 10_000_000
#: Worker processes of one run.
MAX_PROCESSES = 64

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, with its error on one line even when a word typed holds a line
    break (shown as ``\\n``)."""

    def error(self, message: str) -> NoReturn:
        one_line = message.replace("\r", "\\r").replace("\n", "\\n")
        super().error(one_line)


def int_range(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer within ``low..high`` (no upper bound if ``None``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("not a whole number: {text!r}").format(text=text)) from None
        if value < low or (high is not None and value > high):
            if high is None:
                raise argparse.ArgumentTypeError(
                    _("{value} is less than {low}").format(value=value, low=low))
            raise argparse.ArgumentTypeError(_("{value} is not within {low}..{high}").format(
                value=_short(value), low=_short(low), high=_short(high)))
        return value

    parse.__name__ = "int"  # argparse names the type in some messages
    return parse


def int_list(low: int, high: int) -> Callable[[str], list[int]]:
    """An argparse type: comma-separated whole numbers, each within ``low..high``."""
    one = int_range(low, high)

    def parse(text: str) -> list[int]:
        return [one(part.strip()) for part in text.split(",")]

    parse.__name__ = "list"
    return parse


def name_list(known: Collection[str],
              check: Callable[[str], object] | None = None) -> Callable[[str], list[str]]:
    """An argparse type: comma-separated names, each one of ``known``; or, given ``check``,
    each one ``check`` accepts (it raises ``ValueError`` saying why not: a bot kind with
    options, ``hard:budget=3000``)."""

    def parse(text: str) -> list[str]:
        names = [part.strip() for part in text.split(",")]
        for name in names:
            if check is not None:
                try:
                    check(name)
                except ValueError as exc:
                    raise argparse.ArgumentTypeError(str(exc)) from None
            elif name not in known:
                raise argparse.ArgumentTypeError(_("{name!r} is not one of: {known}").format(
                    name=name, known=", ".join(known)))
        return names

    parse.__name__ = "list"
    return parse


def per_seat(names: Sequence[str], players: int) -> list[str] | None:
    """``names`` given once for every seat or once per seat, as one per seat (``None``
    when there are neither one nor ``players`` of them)."""
    if len(names) == 1:
        return list(names) * players
    return list(names) if len(names) == players else None


def _short(n: int) -> str:
    """A number for a one-line message: a 1,000-digit seed is shown by its size."""
    text = str(n)
    return text if len(text) <= 24 else f"{text[:10]}…({len(text)} digits)"


def float_range(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number within ``low..high`` (never nan or inf)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("not a number: {text!r}").format(text=text)) from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{text} is not a number within {low}..{high}")
                                             .format(text=text, low=f"{low:g}", high=f"{high:g}"))
        return value

    parse.__name__ = "float"
    return parse


#: Seeds of matches and runs: up to 18 digits.
MAX_SEED = 10**18 - 1
seed_type = int_range(0, MAX_SEED)
target_type = int_range(1, MAX_TARGET)
games_type = int_range(1, MAX_GAMES)
processes_type = int_range(1, MAX_PROCESSES)
delay_type = float_range(0.0, MAX_DELAY)


def ignore_sigint() -> None:
    """Initializer of worker processes: Ctrl+C is the parent's to report (once), and the
    parent's pool stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's last flush of what is
    still buffered does not fail again on the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # no real file descriptor (tests capture stdout): nothing is flushed later


def run_command(main: Callable[[Sequence[str] | None], int], prog: str,
                argv: Sequence[str] | None = None,
                stopped: Callable[[], str] = lambda: _("stopped")) -> int:
    """Run a command's ``main`` with the clean stops described above; returns the exit code.
    ``stopped`` says what Ctrl+C stopped (called then, so that it is in the language set by
    then)."""
    try:
        return main(argv)
    except KeyboardInterrupt:
        _quiet_flush()
        with contextlib.suppress(OSError, ValueError):  # no terminal left to tell
            print(f"{prog}: {stopped()} (Ctrl+C)", file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE


def _quiet_flush() -> None:
    """Flush stdout before the last line on stderr; a reader gone away is no error here."""
    try:
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        _quiet_stdout()
