"""Command line: ``python -m game`` (the ``uno`` executable).

    python -m game                      the table (or, with no display, a match to watch)
    python -m game --headless --edition official --players 4 --seed 7
    python -m game --selfcheck          speech and audio diagnostics, as JSON
    uno --install-desktop-entry         the Linux menu entry, for a downloaded executable

A wrong argument gets argparse's one-line error (exit 2); Ctrl+C during a match stops it
with one line (exit 130); a reader that goes away (``… | head``) ends it quietly (exit 141).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import replace

from game import i18n
from game.bots import BOTS, make_bot
from game.bots.driver import MatchRunner
from game.i18n import _
from game.rules.editions import new_game
from game.rules.house import HOUSE_RULES, house_text, parse_house
from game.rules.ruleset import MatchKind, Ruleset, edition
from game.setup.options import (
    DEFAULT_BOTS,
    EDITION_CHOICES,
    MATCH_CHOICES,
    ArgumentParser,
    delay_type,
    int_range,
    run_command,
    seed_type,
    target_type,
)
from game.ui.options import StartOptions
from game.voice.narrate import AI_NAMES, Narrator


def has_display() -> bool:
    """Is there a screen to open a window on?"""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def parser() -> argparse.ArgumentParser:
    ap = ArgumentParser(prog="uno", description=_("UNO for the family, on one screen."))
    ap.add_argument("--headless", action="store_true",
                    help=_("play a match between AI players in the terminal"))
    # No defaults here: the windowed game's set-up opens on the last table set up unless
    # these are given (issue 34 item 4); a headless match takes HEADLESS_DEFAULTS.
    ap.add_argument("--edition", default=None, choices=EDITION_CHOICES,
                    help=_("edition (default: the last table's; official with --headless)"))
    ap.add_argument("--players", type=int_range(2, 10), default=None,
                    help=_("number of players (default: the last table's; 4 with --headless)"))
    ap.add_argument("--seed", type=seed_type, default=None,
                    help=_("seed of the match (default: random)"))
    ap.add_argument("--bots", default=DEFAULT_BOTS,
                    help=_("AI kind for every seat, or one per seat, comma-separated"))
    ap.add_argument("--match", default=None, choices=MATCH_CHOICES,
                    help=_("how hands add up to a match (default: the edition's)"))
    ap.add_argument("--target", type=target_type, default=None, help=_("match target score"))
    ap.add_argument("--house", default="",
                    help=_("house rules, comma-separated: {rules}").format(
                        rules=", ".join(HOUSE_RULES)))
    ap.add_argument("--lang", default=None, choices=sorted(i18n.LANGUAGES))
    ap.add_argument("--delay", type=delay_type, default=0.0,
                    help=_("seconds to wait between lines, to watch at a human pace"))
    ap.add_argument("--selfcheck", action="store_true",
                    help=_("check speech and audio, print JSON and exit"))
    ap.add_argument("--install-desktop-entry", action="store_true",
                    help=_("add the game and its icon to this user's application menu "
                           "(Linux) and exit"))
    return ap


#: ``--edition`` and ``--players`` of a headless match when they are not given.
DEFAULT_EDITION = "official"
DEFAULT_PLAYERS = 4


def start_options(args: argparse.Namespace,
                  ap: argparse.ArgumentParser | None = None) -> StartOptions:
    """The command line's choices for the set-up screen: only what was given (``--edition``
    and ``--players`` not given leave the set-up on the last table set up). ``--bots`` left
    at its default is not a choice the player made, so it gives no AI levels."""
    ap = ap or parser()
    bots = "" if args.bots == ap.get_default("bots") else str(args.bots)
    return StartOptions(edition=args.edition, players=args.players, seed=args.seed,
                        bots=tuple(k for k in bots.split(",") if k), match=args.match,
                        target=args.target, lang=args.lang,
                        house=house_rules(args.house, args.edition or DEFAULT_EDITION, ap)
                        if args.house else None)


def players_error(rs: Ruleset) -> str:
    """Why ``--players`` does not fit the edition and match kind (``check_players``'s rule),
    in the player's language."""
    if rs.match is MatchKind.TEAMS:
        return _("--players: a match of two teams takes 4, 6, 8 or 10 players")
    if rs.match in (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING):
        return _("--players: a match of partners takes 4 players")
    return _("--players: {edition} takes {low} to {high} players").format(
        edition=rs.edition, low=rs.min_players, high=rs.max_players)


def house_rules(text: str, ed: str, ap: argparse.ArgumentParser) -> str:
    """``--house`` checked for the edition (a one-line error otherwise), as the ruleset's
    option text."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        rule = HOUSE_RULES.get(name)
        if rule is None:
            ap.error(_("--house: unknown house rule {name} (known: {known})").format(
                name=name, known=", ".join(HOUSE_RULES)))
        elif not rule.fits(ed):
            ap.error(_("--house: {name} does not fit {edition}").format(name=name, edition=ed))
    return house_text(parse_house(",".join(names), ed))


def headless(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Play a whole match between bots and print it line by line."""
    if args.edition is None:
        args.edition = DEFAULT_EDITION
    if args.players is None:
        args.players = DEFAULT_PLAYERS
    rs = edition(args.edition)
    if args.match is not None:
        rs = replace(rs, match=MatchKind(args.match))
    if args.target is not None:
        rs = replace(rs, target=args.target)
    rs = replace(rs, house=house_rules(args.house, rs.edition, ap))
    try:
        rs.check_players(args.players)
    except ValueError:
        ap.error(players_error(rs))
    kinds = args.bots.split(",")
    if len(kinds) == 1:
        kinds *= args.players
    if len(kinds) != args.players or any(k not in BOTS for k in kinds):
        ap.error(_("--bots takes one of {kinds}, once or once per player").format(
            kinds=", ".join(BOTS)))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    print(_("Seed {seed} (replay this match with --seed {seed}).").format(seed=seed))
    game = new_game(rs, args.players, seed)
    # Several discard piles (the edition's game declares them): each line names its pile.
    narrator = Narrator(AI_NAMES[: args.players], trays=game.PILES > 1)

    def show(events: Sequence[object]) -> None:
        for line in narrator.lines(events):  # type: ignore[arg-type]
            print(line, flush=args.delay > 0)
            if args.delay:
                time.sleep(args.delay)

    MatchRunner(game, [make_bot(k) for k in kinds], seed).run(show)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The ``uno`` command, with its clean stops (see the module's docstring)."""
    _tolerant_output()
    return run_command(_main, "uno", argv, stopped=lambda: _("stopped"))


def _tolerant_output() -> None:
    """A terminal that cannot show a character (an ASCII-only locale, say) gets an escape
    for it rather than an error in the middle of a match."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def _early_lang(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` before the arguments are parsed (checked by the parser)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def _main(argv: Sequence[str] | None = None) -> int:
    i18n.set_language(i18n.detect_language())
    lang = _early_lang(sys.argv[1:] if argv is None else argv)
    if lang is not None and lang in i18n.LANGUAGES:
        i18n.set_language(lang)  # so that an error in another argument is in that language
    ap = parser()
    args = ap.parse_args(argv)
    if args.lang:
        i18n.set_language(args.lang)
    if args.selfcheck:
        from game.tools.selfcheck import run

        return run()
    if args.install_desktop_entry:
        from game.tools.desktop import main as desktop

        return desktop(["install"])
    if args.headless:
        return headless(args, ap)
    if not has_display():
        print(_("No display was found (DISPLAY and WAYLAND_DISPLAY are not set), so the table "
                "cannot open."))
        print(_("To watch a match between AI players in this terminal, run:"))
        print("    python -m game --headless --edition official --players 4 --seed 7")
        print(_("Here is one now:"))
        print()
        args.delay = args.delay or 0.0
        return headless(args, ap)
    try:
        from game.ui.launch import run_app
    except ImportError:
        print(_("The table is not built yet in this version; here is a match between AI "
                "players instead."))
        return headless(args, ap)
    return run_app(start_options(args, ap))
