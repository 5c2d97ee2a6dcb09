"""The arena command: rotated seats, one JSON object, Wilson intervals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.bots.hard import HardBot
from game.setup.bot_specs import bot_from_spec
from game.tools.arena import seating_for
from game.tools.arena_tally import Times, wilson

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(100, 100)
    assert hi == 1.0 and 0.96 < lo < 0.97


def test_seats_rotate() -> None:
    bots = ["hard", "random", "random", "random"]
    seen = [seating_for(bots, i).index("hard") for i in range(4)]
    assert sorted(seen) == [0, 1, 2, 3]


def test_percentiles_from_the_histogram() -> None:
    t = Times()
    for i in range(1, 101):
        t.add(i / 1000)  # 1 ms … 100 ms
    p95 = t.percentile_ms(0.95)
    assert p95 is not None and 94 < p95 < 97


def test_bot_specs_pass_keyword_arguments() -> None:
    bot = bot_from_spec("hard:budget=123:time_limit=none:z=0.5")
    assert isinstance(bot, HardBot)
    assert bot.budget == 123 and bot.time_limit is None and bot.z == 0.5


def test_arena_prints_one_json_object() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "game.tools.arena", "--edition", "official", "--players", "2",
         "--bots", "medium,random", "--games", "20", "--seed", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 20 and out["errors"] == 0
    medium = out["results"]["medium"]
    assert medium["seats"] == 20 and 0 <= medium["ci95"][0] <= medium["win_rate"]
    assert medium["decision_ms_p95"] is not None and out["mean_turns"] > 0


def test_worker_processes_give_the_same_results() -> None:
    from dataclasses import replace

    from game.rules.ruleset import MatchKind, edition
    from game.tools.arena import play_games, run_arena

    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    one = play_games(rs, ["medium", "easy"], 3, 0, 16)
    two = run_arena(rs, ["medium", "easy"], 16, 3, processes=2)
    assert {k: s.wins for k, s in one.kinds.items()} == {k: s.wins for k, s in two.kinds.items()}
    assert sorted(one.turns) == sorted(two.turns)


def test_a_ledger_run_in_pieces_equals_one_run(tmp_path: Path) -> None:
    from dataclasses import replace

    from game.rules.ruleset import MatchKind, edition
    from game.tools.arena import run_arena

    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    bots = ["medium", "random-play"]
    whole = run_arena(rs, bots, 50, 5)
    book = tmp_path / "run.jsonl"
    first = run_arena(rs, bots, 30, 5, ledger=book)
    assert first.games == 30
    lines = book.read_text().splitlines()
    assert len(lines) == 1 + 2  # the header and two chunks of 20 and 10
    rest = run_arena(rs, bots, 50, 5, ledger=book)  # chunk 20–39 is replayed as a whole
    assert {k: s.wins for k, s in rest.kinds.items()} == {k: s.wins for k, s in whole.kinds.items()}
    assert sorted(rest.turns) == sorted(whole.turns) and rest.games == 50
    again = run_arena(rs, bots, 50, 5, ledger=book)  # nothing left to play
    assert len(book.read_text().splitlines()) == len(lines) + 2
    assert sorted(again.turns) == sorted(whole.turns)


def test_a_ledger_of_another_run_is_refused_and_kept(tmp_path: Path) -> None:
    import pytest

    from game.rules.ruleset import edition
    from game.tools.arena import LedgerError, run_arena

    book = tmp_path / "run.jsonl"
    run_arena(edition("official"), ["medium", "random"], 4, 1, ledger=book)
    before = book.read_bytes()
    with pytest.raises(LedgerError, match="another run"):
        run_arena(edition("official"), ["medium", "easy"], 4, 1, ledger=book)
    assert book.read_bytes() == before


def test_a_torn_ledger_line_is_reported_and_replayed(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from game.rules.ruleset import edition
    from game.tools.arena import run_arena

    rs = edition("official")
    book = tmp_path / "run.jsonl"
    whole = run_arena(rs, ["medium", "random-play"], 40, 2, ledger=book)
    lines = book.read_text().splitlines()
    book.write_text("\n".join([*lines[:2], lines[2][:40]]))  # killed while writing
    again = run_arena(rs, ["medium", "random-play"], 40, 2, ledger=book)
    assert "unreadable line ignored" in capsys.readouterr().err
    assert sorted(again.turns) == sorted(whole.turns)
    held = book.read_text()
    third = run_arena(rs, ["medium", "random-play"], 40, 2, ledger=book)
    assert capsys.readouterr().err.count("unreadable") == 1  # only the torn one
    assert book.read_text() == held  # the replayed chunk was kept whole: nothing to play
    assert sorted(third.turns) == sorted(whole.turns)


def test_arena_command_goes_on_from_its_ledger(tmp_path: Path) -> None:
    book = tmp_path / "run.jsonl"
    cmd = [sys.executable, "-m", "game.tools.arena", "--players", "2", "--bots", "medium,easy",
           "--seed", "4", "--ledger", str(book), "--progress"]
    first = subprocess.run([*cmd, "--games", "20"], cwd=ROOT, capture_output=True, text=True,
                           timeout=120)
    assert first.returncode == 0, first.stderr
    assert "20/20 games" in first.stderr
    second = subprocess.run([*cmd, "--games", "40"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    out = json.loads(second.stdout)
    assert out["games"] == 40 and "40/40 games" in second.stderr
    assert second.stderr.count("games,") == 1  # only the new chunk was played


def test_a_ledger_from_other_code_is_refused(tmp_path: Path) -> None:
    import pytest

    from game.rules.ruleset import edition
    from game.tools.arena import LedgerError, run_arena

    book = tmp_path / "run.jsonl"
    run_arena(edition("official"), ["medium", "random"], 4, 1, ledger=book)
    lines = book.read_text().splitlines()
    header = json.loads(lines[0])
    header["code"] = "0" * 16  # as if the bots had changed since
    book.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(LedgerError, match="other code"):
        run_arena(edition("official"), ["medium", "random"], 4, 1, ledger=book)


def test_arena_bars_grow_in_rounds_and_report_what_is_held(tmp_path: Path) -> None:
    cmd = [sys.executable, str(ROOT / "bench" / "arena_bars.py"), "--only",
           "medium-random-2p,medium-random-play-2p", "--dir", str(tmp_path)]
    run = subprocess.run([*cmd, "--games", "40", "--step", "20"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert set(out) == {"medium-random-2p", "medium-random-play-2p"}
    bar = out["medium-random-2p"]
    assert bar["games"] == 40 and bar["threshold"] == 0.65
    assert bar["point_clears"] == (bar["win_rate"] >= 0.65)
    assert bar["interval_clears"] == (bar["ci95"][0] >= 0.65)
    assert run.stderr.count("medium-random-2p") == 2  # two rounds of 20
    held = subprocess.run([*cmd, "--report"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert json.loads(held.stdout) == out and held.stderr == ""


def test_arena_bars_print_the_readme_table(tmp_path: Path) -> None:
    cmd = [sys.executable, str(ROOT / "bench" / "arena_bars.py"), "--only", "medium-random-2p",
           "--dir", str(tmp_path), "--games", "20", "--step", "20", "--markdown"]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("| Bar | Games |") and len(lines) == 3
    assert lines[2].startswith("| Medium vs random, 2 players | 20 | ") and "≥ 65%" in lines[2]


def test_arena_bars_set_a_ledger_of_other_code_aside(tmp_path: Path) -> None:
    cmd = [sys.executable, str(ROOT / "bench" / "arena_bars.py"), "--only", "medium-random-2p",
           "--dir", str(tmp_path), "--step", "20"]
    subprocess.run([*cmd, "--games", "20"], cwd=ROOT, capture_output=True, timeout=120,
                   check=True)
    book = tmp_path / "medium-random-2p.jsonl"
    lines = book.read_text().splitlines()
    header = json.loads(lines[0])
    header["code"] = "0" * 16  # as if the bots had changed since
    book.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    report = subprocess.run([*cmd, "--report"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert json.loads(report.stdout)["medium-random-2p"]["games"] == 0
    assert "other code" in report.stderr and book.exists()  # a report moves nothing
    run = subprocess.run([*cmd, "--games", "20"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert json.loads(run.stdout)["medium-random-2p"]["games"] == 20
    assert len(list(tmp_path.glob("medium-random-2p.stale-*.jsonl"))) == 1


def test_arena_bars_house_rule_rows_play_with_their_rule_and_the_table_row_thinks_longer(
) -> None:
    """Issue 16: a hard-vs-medium row per house rule, each ruleset with that rule on;
    issue 15 item 6: the table row's hard bot has the table's time and budget."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import arena_bars
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rows = {b.key: b for b in arena_bars.BARS}
    for key, rule in (("hard-medium-stacking", "stacking"), ("hard-medium-seven-o", "seven_o"),
                      ("hard-medium-jump-in", "jump_in")):
        bar = rows[key]
        assert bar.bots == ("hard", "medium") and bar.threshold == 0.5
        assert bar.ruleset().has(rule) and bar.ruleset().house == rule
        assert bar.edition == "official"
    assert rows["hard-medium-2p"].ruleset().house == ""
    table = rows["hard-table-medium-2p"]
    bot = bot_from_spec(table.bots[0])
    assert isinstance(bot, HardBot)
    at_table = HardBot.at_table()
    assert (bot.time_limit, bot.budget) == (at_table.time_limit, at_table.budget)
    assert at_table.time_limit is not None and at_table.time_limit > HardBot().time_limit  # type: ignore[operator]
