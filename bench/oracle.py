"""What the hard bot would win if it knew more of its opponents' hands, as one JSON object.

    python bench/oracle.py [--games 500] [--seed 1] [--players 2] [--processes 2]
                           [--knows none,wilds,voids,colours,hand] [--when all|turn|colour]

A diagnostic, not a bot: hard plays medium (official rules, single hands, the arena's
deals and seat rotation, ``python -m game.tools.arena``), and the worlds its search deals are
told the truth about each opponent's hand, one kind of knowledge per row:

* ``none``: nothing more (the bot as shipped);
* ``wilds``: which wild cards they hold;
* ``voids``: which colours they hold none of;
* ``colours``: how many cards of each colour they hold, and which wilds;
* ``hand``: the whole hand (the draw pile stays shuffled).

``--when`` tells it only for some decisions: ``turn`` (which card to play, or whether to
keep a drawn one), ``colour`` (which colour to name); ``all`` by default.

Everything else (the tracker, the search, the play-outs, the 0.13 s of CPU) is the shipped
bot's, and every row plays the same deals. Measured on 2026-12-05 (commit 4b445ef's bots,
the compiled build, 500 games a row, 2 players): none 61.8 % (57.5-66.0), wilds 59.8 %
(55.4-64.0), voids 67.8 % (63.6-71.8), colours 72.0 % (67.9-75.8), hand 76.6 %
(72.7-80.1). Most of what the hidden hands are worth to this search is knowing which
colours an opponent lacks; which wilds they hold is worth nothing measurable. And it pays
at the turns: told the voids only there (``--when turn``) 64.6 % (60.3-68.7), only when
naming a colour 61.6 % (57.3-65.8). A row costs about a second of CPU a game
(``UNO_ENGINE=native``; both cores: about 20 minutes for all five rows of 500 games).
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game
from game.bots import make_bot
from game.bots.base import Bot
from game.bots.determinize import Dealer
from game.bots.driver import MatchRunner
from game.bots.hard import HardBot
from game.bots.opponent import BIG, WILD_KEY
from game.rules.cards import COLOUR_OF, WILD, Card
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.ruleset import MatchKind, edition
from game.rules.view import PlayerView
from game.setup.options import ArgumentParser, int_range, name_list, run_command
from game.tools.arena import deal_seeds, seating_for
from game.tools.arena_tally import wilson

KNOWS = ("none", "wilds", "voids", "colours", "hand")
WHEN = {"all": None, "turn": (Decision.TURN, Decision.DRAWN), "colour": (Decision.COLOUR,)}


def tell(dealer: Dealer, knows: str, hands: Sequence[Sequence[Card]]) -> None:
    """Give ``dealer`` one kind of truth about every opponent's hand (see the module)."""
    for q in dealer.opps:
        true = list(hands[q])
        hard, soft = dealer.hard[q], dealer.soft[q]
        shown: list[Card] = []  # cards to deal this hand in every world
        if knows == "hand":
            shown = true
        elif knows in ("wilds", "colours"):
            shown = [c for c in true if COLOUR_OF[c] == WILD]
            hard[WILD_KEY], soft[WILD_KEY] = len(shown), BIG
        if knows in ("voids", "colours"):
            for col in range(4):
                n = sum(1 for c in true if COLOUR_OF[c] == col)
                if knows == "colours" or n == 0:
                    hard[col] = n
                soft[col] = BIG if n else 0  # the truth overrides what was inferred
        old = Counter(dealer.known[q])
        new = Counter(true) if knows == "hand" else old | Counter(shown)
        dealer.known[q] = list(new.elements())
        dealer.pool = sorted((Counter(dealer.pool) + old - new).elements())


class OracleHard(HardBot):
    """The hard bot, its worlds told ``knows`` about the hands of ``game`` at the
    decisions ``when`` names (a key of ``WHEN``)."""

    def __init__(self, knows: str, game: Game, when: str = "all") -> None:
        super().__init__()
        self.knows = knows
        self.game = game
        self.when = WHEN[when]

    def dealer(self, view: PlayerView, relax: dict[int, tuple[int, int, int]] | None
               ) -> Dealer:
        d = super().dealer(view, relax)
        if self.knows != "none" and (self.when is None or view.decision in self.when):
            tell(d, self.knows, self.game.hands)
        return d


def play(job: tuple[str, int, int, int, str]) -> tuple[str, int, bool]:
    """Game ``i`` of the run for ``knows``, on the deal seeded ``s``: did hard win it?"""
    knows, s, players, i, when = job
    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    kinds = seating_for(["hard", *["medium"] * (players - 1)], i)
    g = new_game(rs, players, s)
    bots: list[Bot] = [OracleHard(knows, g, when) if k == "hard" else make_bot(k)
                       for k in kinds]
    MatchRunner(g, bots, s + i % players).run()
    return knows, i, any(kinds[w] == "hard" for w in g.match.winners)


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/oracle.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int_range(1, 10**6), default=500)
    ap.add_argument("--seed", type=int_range(0), default=1)
    ap.add_argument("--players", type=int_range(2, 4), default=2)
    ap.add_argument("--processes", type=int_range(1, 64), default=2)
    ap.add_argument("--knows", type=name_list(KNOWS), default=list(KNOWS),
                    help=f"comma-separated, of: {', '.join(KNOWS)} (default: all)")
    ap.add_argument("--when", choices=list(WHEN), default="all",
                    help="the decisions at which the worlds are told (default: all)")
    args = ap.parse_args(argv)
    # The arena's deals: each is played once from every seat in turn.
    seeds = deal_seeds(args.seed, (args.games + args.players - 1) // args.players)
    jobs = [(k, seeds[i // args.players], args.players, i, args.when)
            for k in args.knows for i in range(args.games)]
    wins = dict.fromkeys(args.knows, 0)
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        for knows, _i, won in pool.imap_unordered(play, jobs, chunksize=4):
            wins[knows] += won
    result: dict[str, object] = {"engine": game.ENGINE, "games": args.games,
                                 "seed": args.seed, "players": args.players,
                                 "when": args.when}
    for k in args.knows:
        lo, hi = wilson(wins[k], args.games)
        result[k] = {"wins": wins[k], "win_rate": round(wins[k] / args.games, 4),
                     "ci95": [round(lo, 4), round(hi, 4)]}
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
