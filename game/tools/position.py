"""Positions on the command line: make, show and play from a position's text form.

    python -m game.tools.position new --edition official --players 4 --seed 7 --moves 20
    python -m game.tools.position show "UNO1 edition=official ..."      ("-" reads stdin)
    python -m game.tools.position apply "UNO1 ..." "1 R5" "2 draw"

The text form itself (``UNO1 key=value …``) is described in ``game/rules/position.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game import i18n
from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules.actions import action_text, parse_action
from game.rules.cards import WILD, Colour
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.position import PositionError, dump, load
from game.rules.ruleset import edition
from game.setup.options import EDITION_CHOICES, ArgumentParser, int_range, run_command, seed_type
from game.voice.narrate import AI_NAMES, Narrator, card_name

#: ``new --moves``: as many decisions as a bot-played match may take.
MAX_MOVES = 1_000_000


def describe(game: Game) -> str:
    """A readable board: every hand, the piles, who acts and what they may do."""
    names = AI_NAMES
    colour = "-" if game.colour == WILD else Colour(game.colour).name.lower()
    turning = "clockwise" if game.direction == 1 else "counter-clockwise"
    lines = [
        f"edition {game.ruleset.edition}, hand {game.match.hand_no}, "
        f"dealer {names[game.match.dealer]}, direction {turning}",
        f"top card {card_name(game.top)} ({game.top}), colour in force {colour}, "
        f"draw pile {len(game.draw_pile)}, discard pile {len(game.discard)}",
    ]
    for p in range(game.players):
        mark = ">" if p == game.to_act else " "
        hand = " ".join(str(c) for c in game.hands[p]) or "-"
        lines.append(f"{mark} {p} {names[p]:<6} score {game.match.scores[p]:>4}  {hand}")
    lines.append(f"decision: {game.decision.value} for {game.to_act} {names[game.to_act]}")
    if game.uno_open:
        lines.append("owes UNO: " + ", ".join(names[p] for p in game.uno_open))
    legal = game.legal_actions()
    lines.append("legal: " + ("  ".join(action_text(a) for a in legal) or "-"))
    return "\n".join(lines)


def _read(text: str) -> Game:
    return load(sys.stdin.read().strip() if text == "-" else text)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.tools.position``: a wrong argument or position is a one-line error
    (exit 2), Ctrl+C stops with one line (exit 130), a closed pipe ends it quietly (141)."""
    return run_command(_main, "python -m game.tools.position", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    i18n.set_language("en")
    ap = ArgumentParser(prog="python -m game.tools.position", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    new = sub.add_parser("new", help="a position reached by heuristic bots")
    new.add_argument("--edition", default="official", choices=EDITION_CHOICES)
    new.add_argument("--players", type=int_range(2, 10), default=4)
    new.add_argument("--seed", type=seed_type, default=1)
    new.add_argument("--moves", type=int_range(0, MAX_MOVES), default=0,
                     help=f"bot decisions to play first (0 to {MAX_MOVES})")
    show = sub.add_parser("show", help="print a position as a readable board")
    show.add_argument("position")
    app = sub.add_parser("apply", help="apply actions, print what happened and the new position")
    app.add_argument("position")
    app.add_argument("actions", nargs="+", help='actions such as "1 R5", "2 draw", "0 colour G"')
    args = ap.parse_args(argv)
    try:
        if args.cmd == "new":
            game = new_game(edition(args.edition), args.players, args.seed)
            runner = MatchRunner(game, [make_bot("heuristic")] * args.players, args.seed)
            for _ in range(args.moves):
                if game.over:
                    break
                runner.step()
            print(dump(game))
        elif args.cmd == "show":
            print(describe(_read(args.position)))
        else:
            game = _read(args.position)
            narrator = Narrator(AI_NAMES[: game.players])
            for text in args.actions:
                for line in narrator.lines(game.apply(parse_action(text))):
                    print(line)
            print(dump(game))
    except (PositionError, IllegalAction, ValueError) as exc:
        reason = " ".join(str(exc).split())  # one line, whatever the text quoted in it
        print(f"{ap.prog}: error: {reason}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
