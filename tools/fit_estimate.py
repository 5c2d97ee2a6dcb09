"""Fit the hard bot's cut-off judge (:func:`game.bots.rollout.estimate`) on self-play.

    python tools/fit_estimate.py --players 2 --games 60000 --processes 2
    python tools/fit_estimate.py --players 4 --games 16000 --processes 2

Medium plays medium, single hands of official UNO; a quarter of the turns are kept as
positions (each player's :func:`~game.bots.rollout.hand_features` and who won the hand).
The model is the estimate's: a player's strength is ``exp(w . features)`` and their
chance to win is their share of everyone's strength (with two players, a logistic
regression on the difference). Fitted by Newton's method on the first half of the games,
judged by log loss on the second half, next to the weights in use. Prints one JSON
object; copy the weights into ``rollout.py`` by hand, and measure the bot in the arena
before keeping them (a better fit is not always a stronger bot).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.bots.rollout import FEATURES, hand_features, weights_for
from game.rules.editions import new_game
from game.rules.engine import Decision
from game.rules.ruleset import MatchKind, edition

KEEP = 0.25  # the share of turns kept as positions


def positions(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features (positions x players x features) and each position's winner."""
    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    pick = random.Random(seed ^ 0x5EED)
    seeds = random.Random(seed)
    xs: list[list[tuple[float, ...]]] = []
    ys: list[int] = []
    for _ in range(games):
        s = seeds.getrandbits(48)
        g = new_game(rs, players, s)
        runner = MatchRunner(g, [make_bot("medium") for _ in range(players)], s)
        kept = []
        while not g.over:
            if g.decision is Decision.TURN and pick.random() < KEEP:
                kept.append([hand_features(g, q) for q in range(players)])
            runner.step()
        winner = g.match.history[-1][0]
        xs += kept
        ys += [winner] * len(kept)
    return np.array(xs, dtype=float), np.array(ys, dtype=int)


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    lp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-lp[np.arange(len(y)), y].mean())


def fit(x: np.ndarray, y: np.ndarray, rounds: int = 40) -> np.ndarray:
    """Maximum likelihood weights of the share model (multinomial logit, no intercept)."""
    n, players, k = x.shape
    w = np.zeros(k)
    rows = np.arange(n)
    for _ in range(rounds):
        z = x @ w
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        mean = (p[:, :, None] * x).sum(axis=1)
        grad = (x[rows, y] - mean).sum(axis=0)
        hess = np.zeros((k, k))
        for j in range(players):
            d = x[:, j, :] - mean
            hess += (d * p[:, j, None]).T @ d
        step = np.linalg.solve(hess + 1e-6 * np.eye(k), grad)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=60_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args(argv)
    # The games come in an even number of parts (one per process at a time); the first
    # half of the parts is for fitting, the second for judging, so a game's positions
    # are never on both sides.
    parts = max(2, args.processes + args.processes % 2)
    share = [args.games // parts + (i < args.games % parts) for i in range(parts)]
    with ProcessPoolExecutor(max(1, args.processes)) as pool:
        done = list(pool.map(positions, [args.players] * parts, share,
                             [args.seed * 1000 + i for i in range(parts)]))
    train, test = done[: parts // 2], done[parts // 2 :]
    xtr = np.concatenate([d[0] for d in train])
    ytr = np.concatenate([d[1] for d in train])
    xte = np.concatenate([d[0] for d in test])
    yte = np.concatenate([d[1] for d in test])
    w = fit(xtr, ytr)
    current = np.array(weights_for(args.players))
    out: dict[str, Any] = {
        "players": args.players,
        "games": args.games,
        "positions": {"train": len(ytr), "test": len(yte)},
        "features": list(FEATURES),
        "fitted": [round(float(v), 3) for v in w],
        "in_use": [float(v) for v in current],
        "test_log_loss": {
            "fitted": round(log_loss(xte, yte, w), 4),
            "in_use": round(log_loss(xte, yte, current), 4),
            "hand_size_only": round(log_loss(xte[:, :, :1], yte, fit(xtr[:, :, :1], ytr)), 4),
        },
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
