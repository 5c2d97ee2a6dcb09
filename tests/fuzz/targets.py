"""What the fuzzing feeds the game and what it accepts back (issue 12, "Keep it that way").

Each area has a hypothesis strategy of inputs and a check that runs one input and raises
:class:`Failure` on anything but the documented outcomes:

- ``command_lines``: ``python -m game --headless``, ``game.tools.sim``, ``game.tools.arena`` and
  ``game.tools.position`` with mutated arguments: exit 0 (a match, the figures, a position), or
  argparse's exit 2 ending in one ``prog: error: …`` line; never a traceback;
- ``saves``: a mutated autosave read as the title screen reads it: the match (which replays,
  and saves again), or a problem with the file kept aside byte for byte;
- ``settings``: a mutated settings.toml read at start-up: settings that validate and save
  again (repaired and told, the file as it was copied aside, when a few values could not be
  used), or the defaults with the file kept aside byte for byte;
- ``positions``: a mutated position text: :class:`PositionError`, or a game the position
  tool can show, act on (when it has a legal action) and write back;
- ``profiles``: a mutated ``profiles.json`` read as the game reads it: used (and written back
  the same), used with its bad values repaired and told (the file as it was copied aside,
  every record the damage did not touch kept as it was), or put aside byte for byte;
- ``statistics``: hands and matches counted into (mutated) profiles for hostile seats and
  events: refused with a ``ValueError`` that changes nothing, or counted exactly;
- ``lock``: the single-instance lock over whatever is at ``uno.lock`` (garbage, binary, a
  huge file, a folder, a FIFO, a link; the data folder being a file): taken, exclusive,
  released, what was there put aside and told when it is not the game's own file;
- ``scenes`` (in ``tests/fuzz/scenes.py``): key, text, click and wheel storms on every scene.

The suite runs a fixed-seed slice of each (``tests/fuzz/test_*.py``); ``bench/fuzz.py``
runs them for minutes and lists distinct failures by :func:`signature`.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import strategies as st

from game import i18n

ROOT = Path(__file__).resolve().parents[2]
ONE_LINE_ERROR = re.compile(r"^[\w./ -]+: error: \S.*$")


class Failure(Exception):
    """An input that ended in something the documentation does not promise."""

    def __init__(self, area: str, signature: str, reproduction: str, detail: str = "") -> None:
        super().__init__(f"{signature}\n  reproduce: {reproduction}\n{detail}")
        self.area = area
        self.signature = signature
        self.reproduction = reproduction


def signature(area: str, exc: BaseException) -> str:
    """One line naming a failure by its kind and where it happened in the game's code (the
    innermost frame under ``game/``), so that one bug met by many inputs counts once."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/game/" in f.filename.replace("\\", "/")]
    where = ours[-1] if ours else (frames[-1] if frames else None)
    place = ""
    if where is not None:
        path = Path(where.filename)
        with contextlib.suppress(ValueError):
            path = path.relative_to(ROOT)
        place = f" at {path.as_posix()}:{where.lineno} in {where.name}"
    return f"{area}: {type(exc).__name__}{place}"


def short(value: object, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} chars)"


# ====================================================================== shared values
#: Strings a hostile or unlucky person might type: empty, spaces, control and NUL characters,
#: lone surrogates, right-to-left marks, emoji, very long.
nasty_text = st.one_of(
    st.sampled_from(["", " ", "\x00", "\ud800", "\u202e", "é", "🃏", "\n", "-", "--", "=",
                     ":", ",", "nan", "inf", "-inf", "1e400", "0x10", "None", "none", "true"]),
    st.text(max_size=12),
    st.text(alphabet="0123456789-+.e", max_size=8),
    st.builds(lambda n: "9" * n, st.integers(20, 5000)),
)
numbers = st.one_of(
    st.integers(-3, 12).map(str),
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
value_token = st.one_of(numbers, nasty_text)


# ====================================================================== command lines
@dataclass(frozen=True)
class CommandLine:
    """One command line: ``prog`` (a module) and its arguments; ``ledger`` names a file set
    up in a temporary folder for ``--ledger`` (``folder``, ``under-file``, ``garbage``,
    ``fresh``)."""

    prog: str
    argv: tuple[str, ...]
    ledger: str | None = None

    def __str__(self) -> str:
        import shlex

        led = f" (ledger: {self.ledger})" if self.ledger else ""
        return f"python -m {self.prog} {shlex.join(self.argv)}{led}"


EDITIONS_ = ["official", "attack", "triple", "roboto", "sonic"]
MATCHES = ["standard", "running_total", "partners", "partners_rotating", "teams", "challenge",
           "single_hand"]
KINDS = ["random", "random-play", "heuristic", "easy", "medium"]


Option = tuple[st.SearchStrategy[str], st.SearchStrategy[str]] | None


def _wrong_int(too_big: int) -> st.SearchStrategy[str]:
    """A whole-number argument that is certainly refused (or not a number at all). Tokens
    that happen to read as an accepted count are left out: ``--games 461617`` is a fair
    (and hours-long) run, not a hostile one (it stalled a 10-minute fuzz run)."""

    def refused(token: str) -> bool:
        try:
            return not 0 < int(token) < too_big
        except ValueError:
            return True

    return st.one_of(st.integers(too_big, too_big * 10**6).map(str),
                     st.integers(-(10**6), 0).map(str), value_token.filter(refused))


def _bot_spec(hostile: bool) -> st.SearchStrategy[str]:
    short_values = st.one_of(
        st.sampled_from(["none", "0.01", "1", "2", "0", "-1", "true", "x", "", "nan", "1.5",
                         "\x00", "é"]),
        st.text(alphabet="0123456789.-e", max_size=3))
    hard_options = st.lists(
        st.tuples(st.sampled_from(["time_limit", "min_worlds", "z", "z_renege", "depth",
                                   "search_draw", "budget", "nope", ""]), short_values),
        max_size=3)
    # A hard bot always searches a small budget (any budget given is 2 characters at most),
    # so its games stay quick.
    hard = hard_options.map(lambda opts: "hard:budget=20:time_limit=0.002" + "".join(
        f":{k}={v}" if k != "budget" or len(v) < 3 else ":budget=20" for k, v in opts))
    if not hostile:
        return st.one_of(st.sampled_from(KINDS), st.just("hard:budget=20:time_limit=0.002"))
    return st.one_of(hard, st.sampled_from(["hard:", "hard:xyz", "random:x=1", "wizard", ""]),
                     nasty_text)


def _bots_list(players: int) -> st.SearchStrategy[str]:
    """Mostly one kind per seat of ``players`` (or one for all), sometimes anything."""
    fair = st.one_of(_bot_spec(False),
                     st.lists(_bot_spec(False), min_size=players, max_size=players)
                     .map(",".join))
    wrong = st.lists(st.one_of(_bot_spec(False), _bot_spec(True)), min_size=1, max_size=5)
    return st.one_of(fair, fair, wrong.map(",".join))


def _options(table: dict[str, Option]) -> st.SearchStrategy[list[str]]:
    """Options of ``table`` (name: (fair values, hostile values), or ``None`` for a flag) in
    any order: mostly fair values, now and then a hostile one, an option twice or without
    its value, or a stray word."""
    names = sorted(table)

    def one(name: str) -> st.SearchStrategy[list[str]]:
        values = table[name]
        if values is None:
            return st.just([name])
        fair, hostile = values
        return st.one_of(
            fair.map(lambda v: [name, v]), fair.map(lambda v: [name, v]),
            fair.map(lambda v: [f"{name}={v}"]), fair.map(lambda v: [name, v]),
            hostile.map(lambda v: [name, v]), st.just([name]))

    def clean(name: str) -> st.SearchStrategy[list[str]]:
        values = table[name]
        return st.just([name]) if values is None else values[0].map(lambda v: [name, v])

    item = st.one_of(*[st.sampled_from(names).flatmap(one)] * 8, nasty_text.map(lambda t: [t]))
    fair = st.sampled_from(names).flatmap(clean)
    return st.one_of(st.lists(fair, max_size=4), st.lists(item, max_size=5)).map(
        lambda parts: [a for p in parts for a in p])


def _common(players_max: int) -> dict[str, Option]:
    return {
        "--edition": (st.sampled_from(EDITIONS_), nasty_text),
        "--seed": (st.integers(0, 10**6).map(str), value_token),
        "--match": (st.sampled_from(MATCHES), nasty_text),
        "--target": (st.sampled_from(["1", "50", "200", "500"]),
                     st.one_of(st.sampled_from(["10000", "10001", "0", "-1"]), value_token)),
        "--players": (st.integers(2, players_max).map(str), _wrong_int(11)),
    }


@st.composite
def _with_bots(draw: st.DrawFn, prog: str, table: dict[str, Option], flag: str,
               lead: tuple[str, ...] = ()) -> CommandLine:
    argv = draw(_options(table))
    players = draw(st.integers(2, 4))
    if draw(st.booleans()):
        argv = ["--players", str(players), flag, draw(_bots_list(players)), *argv]
    return CommandLine(prog, (*lead, *argv))


def _headless() -> st.SearchStrategy[CommandLine]:
    table: dict[str, Option] = {
        **_common(10),
        "--lang": (st.sampled_from(["en", "fr"]), st.sampled_from(["xx", "", "FR"])),
        "--delay": (st.sampled_from(["0", "0.0"]),
                    st.one_of(st.sampled_from(["60.5", "-1", "nan", "inf", "-0"]), value_token)),
        "--headless": None,
    }
    return _with_bots("game", table, "--bots", ("--headless",))


def _sim() -> st.SearchStrategy[CommandLine]:
    table: dict[str, Option] = {
        **_common(10),
        "--games": (st.integers(1, 3).map(str), _wrong_int(10_000_001)),
        "--check": None,
    }
    # --games first (a later one wins): the default, 1,000 games, is not a quick run.
    return _with_bots("game.tools.sim", table, "--bot", ("--games", "2"))


def _arena() -> st.SearchStrategy[CommandLine]:
    table: dict[str, Option] = {
        **_common(4),
        "--games": (st.integers(1, 3).map(str), _wrong_int(10_000_001)),
        "--processes": (st.just("1"), st.sampled_from(["0", "-1", "65", "x", ""])),
        "--progress": None,
    }
    ledger = st.one_of(st.none(), st.none(), st.sampled_from(
        ["fresh", "folder", "under-file", "garbage", "deep", "twice"]))
    return st.tuples(_with_bots("game.tools.arena", table, "--bots", ("--games", "2")), ledger).map(
        lambda t: replace(t[0], ledger=t[1]))


@st.composite
def _apply(draw: st.DrawFn) -> CommandLine:
    """``apply``: a position (often intact) and actions (often legal ones)."""
    from game.rules.actions import action_text
    from game.rules.position import load

    text = draw(st.sampled_from(base_positions()))
    legal = [action_text(a) for a in load(text).legal_actions()]
    if draw(st.integers(0, 2)) == 0:
        text = draw(_position_text())
    acts = st.one_of(st.sampled_from(legal), st.sampled_from(legal), nasty_text,
                     st.sampled_from(["0 draw", "9 draw", "-1 draw", "0 colour Q", "1 R5@9"]))
    return CommandLine("game.tools.position", ("apply", text, *draw(st.lists(acts, min_size=1,
                                                                        max_size=3))))


def _position_text() -> st.SearchStrategy[str]:
    return st.one_of(position_texts(), position_texts(), st.sampled_from(base_positions()),
                     nasty_text, st.just("-"))


def _position() -> st.SearchStrategy[CommandLine]:
    new_table: dict[str, Option] = {
        "--edition": (st.sampled_from(EDITIONS_), nasty_text),
        "--players": (st.integers(2, 6).map(str), _wrong_int(11)),
        "--seed": (st.integers(0, 10**6).map(str), value_token),
        "--moves": (st.integers(0, 400).map(str), value_token),
    }
    return st.one_of(
        _options(new_table).map(lambda a: CommandLine("game.tools.position", ("new", *a))),
        _position_text().map(lambda t: CommandLine("game.tools.position", ("show", t))),
        _apply(), _apply(),
        st.lists(nasty_text, max_size=3).map(
            lambda a: CommandLine("game.tools.position", tuple(a))),
    )


def command_lines() -> st.SearchStrategy[CommandLine]:
    return st.one_of(_headless(), _sim(), _arena(), _position())


@contextlib.contextmanager
def _ledger(kind: str | None, argv: list[str]) -> Iterator[list[str]]:
    if kind is None:
        yield argv
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "run.jsonl"
        if kind == "folder":
            path = folder
        elif kind == "under-file":
            (folder / "f").write_text("x")
            path = folder / "f" / "run.jsonl"
        elif kind == "garbage":
            path.write_bytes(b"\xff\x00{not json\n")
        elif kind == "deep":
            path.write_bytes(b"[" * 50_000 + b"\n")
        yield [*argv, "--ledger", str(path)]  # "twice": the caller runs it twice


def _entry(prog: str) -> Callable[[Sequence[str] | None], int]:
    from game import cli
    from game.tools import arena, position, sim

    return {"game": cli.main, "game.tools.sim": sim.main, "game.tools.arena": arena.main,
            "game.tools.position": position.main}[prog]


def run_command_line(line: CommandLine, stdin: str = "") -> tuple[int, str, str]:
    """Run ``line`` in this process (stdout, stderr and stdin captured, no sleeping, no
    window); returns (exit code, stdout, stderr)."""
    main = _entry(line.prog)
    out, err = io.StringIO(), io.StringIO()
    code: Any = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                mock.patch("sys.stdin", io.StringIO(stdin)), \
                mock.patch("time.sleep"), mock.patch("game.cli.has_display", lambda: False):
            try:
                code = main(list(line.argv))
            except SystemExit as exc:
                code = exc.code
    finally:
        i18n.set_language("en")
    return (0 if code is None else code), out.getvalue(), err.getvalue()


def check_command_line(line: CommandLine) -> None:
    """Exit 0, or exit 2 with one ``prog: error: …`` line last on stderr; nothing else."""
    with _ledger(line.ledger, list(line.argv)) as argv:
        for run in [argv] if line.ledger != "twice" else [argv, argv]:
            _check_one(line, replace(line, argv=tuple(run)))


def _output_ok(line: CommandLine, out: str) -> bool:
    """What a successful run prints: one JSON object (sim, arena), a position (new, apply),
    a board (show), a whole match (headless)."""
    lines = out.rstrip("\n").split("\n")
    if line.prog in ("game.tools.sim", "game.tools.arena"):
        try:
            return isinstance(json.loads(out), dict) and len(lines) == 1
        except ValueError:
            return False
    if line.prog == "game.tools.position":
        return "legal:" in out if "show" in line.argv[:1] else lines[-1].startswith("UNO1 ")
    return len(lines) > 3  # the seed, the deal, the plays, the winner


def _check_one(shown: CommandLine, line: CommandLine) -> None:
    try:
        code, out, err = run_command_line(line)
    except Exception as exc:
        raise Failure("command_lines", signature("command_lines", exc), str(shown),
                      "".join(traceback.format_exception(exc))[-2000:]) from exc
    if code == 0:
        if "--help" not in line.argv and "-h" not in line.argv and not _output_ok(line, out):
            raise Failure("command_lines", f"command_lines: {line.prog} exit 0 without its "
                          "output", str(shown), out[-1000:])
        return
    last = err.rstrip("\n").split("\n")[-1]  # a line as a terminal shows it
    if code == 2 and ONE_LINE_ERROR.match(last) and "Traceback" not in err:
        return
    if code == 1 and line.prog in ("game.tools.sim", "game.tools.arena") and out.startswith("{"):
        errors = json.loads(out).get("error_samples", [])
        first = errors[0]["error"] if errors else "?"
        raise Failure("command_lines",
                      f"command_lines: a game raised {first.split(':')[0]} in {line.prog}",
                      str(shown), first)
    raise Failure("command_lines", f"command_lines: {line.prog} exit {code} "
                  f"({last.split(':')[-1].strip()[:40] if last else 'no message'})",
                  str(shown), err[-1000:])


# ====================================================================== positions
def _base_positions() -> list[str]:
    """Position texts from every edition at several moments of a bot-played match."""
    from game.bots import make_bot
    from game.bots.driver import MatchRunner
    from game.rules.editions import new_game
    from game.rules.position import dump
    from game.rules.ruleset import edition

    texts = []
    for n, ed in enumerate(EDITIONS_):
        for players in (2, 4):
            game = new_game(edition(ed), players, 11 * n + players)
            runner = MatchRunner(game, [make_bot("heuristic")] * players, 5)
            for moves in range(0, 90, 1):
                if game.over:
                    break
                if moves % 15 == 0:
                    texts.append(dump(game))
                runner.step()
    return texts


_POSITIONS: list[str] = []


def base_positions() -> list[str]:
    if not _POSITIONS:
        _POSITIONS.extend(_base_positions())
    return _POSITIONS


_FIELD_VALUES = st.one_of(
    value_token,
    st.sampled_from(["-", "R", "G", "B", "Y", "W", "0", "1", "2", "6", "8", "+", "x", "R5.G5",
                     "W+4", "0:1:-", "9:1:-", "1,2", "0,0,0,0", "challenge", "discard", "pair",
                     "give", "turn", "colour", "duel", "10^30"]),
    st.builds(lambda n: "1" * n, st.integers(1, 400)),
    st.lists(st.sampled_from(["R5", "G+2", "W", "W+4", "BS", "YR", "Z9", ""]), max_size=5)
    .map(".".join),
)


@st.composite
def position_texts(draw: st.DrawFn) -> str:
    """A position text with a few fields changed, dropped, doubled or added."""
    base = draw(st.sampled_from(base_positions()))
    head, *fields = base.split(" ")
    for _ in range(draw(st.integers(1, 4))):
        what = draw(st.sampled_from(["value", "value", "value", "drop", "double", "add",
                                     "swap", "truncate"]))
        if not fields:
            break
        i = draw(st.integers(0, len(fields) - 1))
        key = fields[i].partition("=")[0]
        if what == "value":
            fields[i] = f"{key}={draw(_FIELD_VALUES)}"
        elif what == "drop":
            del fields[i]
        elif what == "double":
            fields.insert(i, fields[i])
        elif what == "add":
            fields.insert(i, f"{draw(nasty_text)}={draw(_FIELD_VALUES)}")
        elif what == "swap":
            j = draw(st.integers(0, len(fields) - 1))
            fields[i], fields[j] = fields[j], fields[i]
        else:
            fields[i] = fields[i][: draw(st.integers(0, len(fields[i])))]
    return " ".join([head, *fields])


def check_position(text: str) -> None:
    """``load`` raises PositionError, or what it gives can be shown, acted on and dumped."""
    from game.rules.position import PositionError, dump, load
    from game.tools.position import describe
    from game.voice.narrate import AI_NAMES, Narrator

    try:
        game = load(text)
    except PositionError:
        return
    except Exception as exc:
        raise Failure("positions", signature("positions.load", exc), short(text, 5000)) from exc
    step = "describe"
    try:
        describe(game)
        step = "dump"
        again = load(dump(game))
        step = "legal actions"
        legal = again.legal_actions()
        if not game.over and not legal:
            raise Failure("positions", "positions: accepted a position with no legal action",
                          short(text, 5000))
        if legal:
            step = "apply"
            narrator = Narrator(AI_NAMES[: again.players])
            list(narrator.lines(again.apply(legal[0])))
            list(narrator.lines(again.apply(legal[-1]) if again.legal_actions() and
                                legal[-1] in again.legal_actions() else []))
    except Failure:
        raise
    except Exception as exc:
        raise Failure("positions", signature(f"positions.{step}", exc), short(text, 5000)) from exc


# ====================================================================== saves and settings
JSONValue = Any
json_values: st.SearchStrategy[JSONValue] = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6),
              st.integers(-(10**400), 10**400), st.floats(allow_nan=False, allow_infinity=False),
              nasty_text),
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(nasty_text, children, max_size=4)),
    max_leaves=8,
)


def _paths(doc: JSONValue, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:40]):  # a record's long action list: its head is enough
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def mutated_json(draw: st.DrawFn, base: JSONValue) -> JSONValue:
    """``base`` with one to three values replaced, keys dropped or added, lists cut."""
    doc = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            doc = draw(json_values) if draw(st.integers(0, 9)) == 0 else doc
            continue
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        what = draw(st.sampled_from(["replace", "replace", "drop", "add", "cut", "big"]))
        if what == "replace":
            parent[key] = draw(json_values)
        elif what == "big":
            parent[key] = draw(st.sampled_from([10**400, -(10**400), 1e308, -1, 0, 2**63,
                                                "\x00", "\ud800", [], {}, None, True]))
        elif what == "drop":
            del parent[key]
        elif what == "add" and isinstance(parent, dict):
            parent[draw(nasty_text)] = draw(json_values)
        elif what == "cut" and isinstance(parent[key], list):
            parent[key] = parent[key][: draw(st.integers(0, len(parent[key])))]
    return doc


@st.composite
def mutated_bytes(draw: st.DrawFn, base: bytes) -> bytes:
    """``base`` cut, with bytes flipped, inserted or deleted, or deeply nested."""
    data = bytearray(base)
    what = draw(st.sampled_from(["cut", "flip", "insert", "delete", "nest", "empty"]))
    if what == "cut":
        return bytes(data[: draw(st.integers(0, len(data)))])
    if what == "empty":
        return b""
    if what == "nest":
        n = draw(st.integers(1, 200_000))
        return draw(st.sampled_from([b"[", b"{\"a\":", b"a=["])) * n
    for _ in range(draw(st.integers(1, 8))):
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if what == "flip":
            data[i] = draw(st.integers(0, 255))
        elif what == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=8))
        else:
            del data[i: i + draw(st.integers(1, 16))]
    return bytes(data)


def _base_saves() -> list[dict[str, Any]]:
    from game.bots import make_bot
    from game.bots.driver import MatchRunner
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SavedMatch, SeatInfo

    docs = []
    for n, ed in enumerate(EDITIONS_):
        players = 3
        game = new_game(edition(ed), players, 7 + n)
        runner = MatchRunner(game, [make_bot("heuristic")] * players, 3)
        for _ in range(25):
            if game.over:
                break
            runner.step()
        seats = [SeatInfo("Ann", True), SeatInfo("Bob", False, "medium"),
                 SeatInfo("Cid", False, "easy")]
        table = {"race_mode": "family", "house_rule_text": "", "house_rule_clip": None} \
            if ed == "roboto" else None
        docs.append(SavedMatch.of(game, seats, table).to_json())
    return docs


_SAVES: list[dict[str, Any]] = []


def base_saves() -> list[dict[str, Any]]:
    if not _SAVES:
        _SAVES.extend(_base_saves())
    return _SAVES


@st.composite
def save_files(draw: st.DrawFn) -> bytes:
    base = draw(st.sampled_from(base_saves()))
    if draw(st.integers(0, 3)) == 0:
        return draw(mutated_bytes(json.dumps(base, ensure_ascii=False).encode()))
    doc = draw(mutated_json(base))
    if draw(st.booleans()):  # \u escapes: how a NUL or a lone surrogate gets into a name
        return json.dumps(doc).encode()
    return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")


def check_save(data: bytes) -> None:
    """The title screen's read: the match (it replays, the saved-matches list names it,
    and it saves again), or a problem with the file moved aside unchanged."""
    from game.store.saves import SavedSlot, read_autosave, write_save
    from game.ui.scenes.matches import describe_match

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "autosave.json"
        path.write_bytes(data)
        step = "read_autosave"
        try:
            match, problem = read_autosave(path)
            if match is not None:
                step = "replay"
                match.replay()
                step = "describe_match"
                describe_match(SavedSlot(path, match))
                step = "write_save"
                write_save(match, Path(tmp) / "again.json")
        except Exception as exc:
            raise Failure("saves", signature(f"saves.{step}", exc), short(data)) from exc
        if problem is not None:
            kept = problem.kept_as
            if kept is None or not kept.exists() or kept.read_bytes() != data:
                raise Failure("saves", "saves: a corrupt save was not kept aside unchanged",
                              short(data))


def _base_settings() -> list[bytes]:
    import tomli_w

    from game.store.settings import Settings

    plain = Settings().to_toml()
    custom = Settings(language="fr", player_names=["Ann", "Bob"], narration="full",
                      window_width=1024, window_height=700).to_toml()
    return [tomli_w.dumps(plain).encode(), tomli_w.dumps(custom).encode()]


@st.composite
def settings_files(draw: st.DrawFn) -> bytes:
    import tomllib

    import tomli_w

    base = draw(st.sampled_from(_base_settings()))
    if draw(st.integers(0, 2)) == 0:
        return draw(mutated_bytes(base))
    doc = draw(mutated_json(tomllib.loads(base.decode())))
    try:
        return tomli_w.dumps(doc if isinstance(doc, dict) else {"x": doc}).encode(
            "utf-8", "surrogatepass")
    except (TypeError, ValueError):  # None and the like have no TOML form: a raw edit
        return json.dumps(doc).encode("utf-8", "surrogatepass")


def check_settings(data: bytes) -> None:
    """Start-up's read: settings that validate and save again; or, with a few values that
    could not be used, the others kept and those repaired and told (the file as it was copied
    aside byte for byte, the repaired file written); or the defaults with the file moved aside
    unchanged."""
    import tomli_w

    from game.store.repairs import listed
    from game.store.settings import Settings, load_settings, save_settings

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "settings.toml"
        path.write_bytes(data)
        step = "load_settings"
        try:
            settings, problem = load_settings(path)
            step = "validate"
            settings.validate()
            step = "notice"
            if problem is not None:
                listed(problem.repairs)
            step = "save_settings"
            save_settings(settings, Path(tmp) / "again.toml")
            step = "load again"
            again, trouble = load_settings(Path(tmp) / "again.toml")
            written = load_settings(path) if problem is not None and problem.repairs else None
        except Exception as exc:
            raise Failure("settings", signature(f"settings.{step}", exc), short(data)) from exc

        def fail(what: str) -> Failure:
            return Failure("settings", f"settings: {what}", short(data))

        def text(s: Settings) -> str:  # (a NaN a newer key holds is not equal to itself)
            return tomli_w.dumps(s.to_toml())

        if trouble is not None or text(again) != text(settings):
            raise fail("the settings read are not written back the same")
        if problem is None:
            if path.read_bytes() != data:
                raise fail("a file read without a problem was changed")
            return
        kept = problem.kept_as
        if kept is None or not kept.exists() or kept.read_bytes() != data:
            raise fail("a settings file with a problem was not kept aside unchanged")
        if not problem.repairs and settings != Settings():
            raise fail("a corrupt file did not give the defaults")
        if written is not None and (written[1] is not None or text(written[0]) != text(settings)):
            raise fail("the repaired settings file was not written")


# ====================================================================== profiles
def _base_profiles() -> list[bytes]:
    """Profiles files the game writes: a small family, and one a newer version wrote
    (fields this one does not know, in the file, a profile, a face and a record)."""
    from game.store.profile_store import encode
    from game.store.profiles import Avatar, Profile, ProfileBook

    sam = Profile("a1b2c3d4e5f6", "Sam", Avatar.of("owl"), seen=12.5)
    official = sam.edition("official")
    official.played, official.won, official.hands_won, official.best = 3, 2, 7, 131
    sam.edition("attack").hands_won = 1
    zoe = Profile("0f0f0f0f0f0f", "Zoé", Avatar("robot", "pink"), ai=True, seen=3.0)
    kid = Profile("123456abcdef", "Lou 🃏", Avatar.of("cat"), seen=1e9)
    kid.edition("sonic").played, kid.edition("sonic").won = 40, 40
    gran = Profile("9999aaaa9999", "Mamie", Avatar("frog", "red"), seen=7.0)
    gran.edition("triple").best = 10**9
    plain = ProfileBook([sam, zoe, kid, gran])
    newer = ProfileBook([sam, zoe, kid, gran], extra={"family": "Martin", "v2": [1, {"a": None}]})
    newer_json = newer.to_json()
    newer_json["profiles"][0]["birthday"] = "05-02"
    newer_json["profiles"][1]["avatar"]["hat"] = "crown"
    newer_json["profiles"][2]["stats"]["sonic"]["streak"] = 12
    return [encode(plain), encode(ProfileBook()), json.dumps(newer_json).encode()]


_PROFILES: list[bytes] = []


def base_profiles() -> list[bytes]:
    if not _PROFILES:
        _PROFILES.extend(_base_profiles())
    return _PROFILES


@st.composite
def profile_files(draw: st.DrawFn) -> bytes:
    """A profiles file the game wrote, with bytes or JSON values mutated."""
    base = draw(st.sampled_from(base_profiles()))
    if draw(st.integers(0, 3)) == 0:
        return draw(mutated_bytes(base))
    doc = draw(mutated_json(json.loads(base)))
    if draw(st.booleans()):  # \u escapes: how a NUL or a lone surrogate gets into a name
        return json.dumps(doc).encode()
    return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _untouched(data: bytes) -> list[dict[str, Any]]:
    """The records of ``data`` that are exactly as a file the game wrote has them and come
    first under their id: whatever else the file holds, they must be kept as they are."""
    try:
        doc = json.loads(data)
        items = doc["profiles"]
    except Exception:
        return []
    if not isinstance(items, list) or len(items) > 500:
        return []
    good = [p for base in base_profiles() for p in json.loads(base)["profiles"]]
    out: list[dict[str, Any]] = []
    seen: set[Any] = set()
    for item in items:
        pid = item.get("id") if isinstance(item, dict) else None
        if isinstance(pid, str | int | float | bool | type(None)) and pid in seen:
            continue
        if isinstance(pid, str | int | float | bool | type(None)):
            seen.add(pid)
        if item in good:
            out.append(item)
    return out


def check_profiles(data: bytes) -> None:
    """The game's read of ``profiles.json``: used as it is (and written back the same); or
    used with its bad values repaired and told (the file as it was copied aside byte for
    byte, every record untouched by the damage kept as it was, the repaired file written);
    or, when it cannot be used at all, put aside byte for byte with the players afresh."""
    from game.store.profile_store import encode, load_profiles, save_profiles
    from game.store.profiles import MAX_COUNT
    from game.store.repairs import listed

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "profiles.json"
        path.write_bytes(data)
        step = "load_profiles"
        try:
            book, problem = load_profiles(path)
            step = "notice"
            if problem is not None:
                listed(problem.repairs)
                for repair in problem.repairs:
                    repair.english()
            step = "save_profiles"
            again_path = save_profiles(book, Path(tmp) / "again.json")
            step = "load again"
            again, trouble = load_profiles(again_path)
        except Exception as exc:
            raise Failure("profiles", signature(f"profiles.{step}", exc), short(data)) from exc

        def fail(what: str) -> Failure:
            return Failure("profiles", f"profiles: {what}", short(data))

        if trouble is not None or encode(again) != encode(book):
            raise fail("what was read is not written back the same")
        for p in book.profiles.values():
            for s in p.stats.values():
                counts = (s.played, s.won, s.hands_won, s.best)
                if not all(type(c) is int and 0 <= c <= MAX_COUNT for c in counts) \
                        or s.won > s.played:
                    raise fail("a count out of range or more wins than matches was kept")
        if problem is None:
            if path.read_bytes() != data:
                raise fail("a file read without a problem was changed")
        elif not problem.repairs:
            if len(book) or problem.kept_as is None or problem.kept_as.read_bytes() != data:
                raise fail("a file that cannot be used was not kept aside unchanged")
            if path.exists():
                raise fail("a file that cannot be used was left in place")
        else:
            if problem.kept_as is None or problem.kept_as.read_bytes() != data:
                raise fail("a repaired file was not copied aside unchanged")
            written, trouble = load_profiles(path)
            if trouble is not None or encode(written) != encode(book):
                raise fail("the repaired file was not written")
        for item in _untouched(data) if problem is None or problem.repairs else []:
            kept = book.get(item["id"])
            if kept is None or kept.to_json() != item:
                raise fail("a record untouched by the damage was not kept as it was")


# ====================================================================== statistics
@dataclass(frozen=True)
class StatsCase:
    """Statistics counted into a profiles file: ``file`` (a mutated profiles file),
    ``edition``, the seats ``(player id, name, ai)`` and the events
    (``("hand", winner, points)``, ``("match", winners)``, ``("other", player)``)."""

    file: bytes
    edition: str
    seats: tuple[tuple[str, str, bool], ...]
    events: tuple[tuple[Any, ...], ...]


_IDS = ["a1b2c3d4e5f6", "0f0f0f0f0f0f", "123456abcdef", "9999aaaa9999", "bbbbbbbbbbbb",
        "cccccccccccc"]


@st.composite
def stats_cases(draw: st.DrawFn) -> StatsCase:
    file = draw(st.one_of(st.sampled_from(base_profiles()), profile_files()))
    edition = draw(st.one_of(st.sampled_from(EDITIONS_), st.sampled_from(EDITIONS_),
                             st.just("flip"), nasty_text))
    pid = st.one_of(st.sampled_from(_IDS), st.sampled_from(_IDS), st.sampled_from(_IDS),
                    st.from_regex(r"[0-9a-z]{6,32}", fullmatch=True), nasty_text)
    names = st.sampled_from(["Sam", "Zoé", "Ann", "Lou 🃏", "  Bob\x00 "])
    name = st.one_of(names, names, names, nasty_text)
    seats = draw(st.lists(st.tuples(pid, name, st.booleans()), min_size=0, max_size=6))
    n = len(seats)
    player = st.integers(-2, n + 2)
    points = st.one_of(st.integers(0, 500), st.integers(-(10**12), 10**30))
    event = st.one_of(
        st.tuples(st.just("hand"), player, points),
        st.tuples(st.just("match"), st.lists(player, max_size=4).map(tuple)),
        st.tuples(st.just("other"), player))
    events = draw(st.lists(event, max_size=12))
    return StatsCase(file, edition, tuple(seats), tuple(events))


def _events(case: StatsCase) -> list[Any]:
    from game.rules import events as E

    out: list[Any] = []
    for kind, *args in case.events:
        if kind == "hand":
            winner, points = args
            out.append(E.HandEnded(winner, points, tuple(0 for _ in case.seats)))
        elif kind == "match":
            out.append(E.MatchEnded(args[0]))
        else:
            out.append(E.UnoCalled(args[0]))
    return out


def check_statistics(case: StatsCase) -> None:
    """Counting a table's hands and matches into the profiles: a bad edition name or seat
    is a ``ValueError`` that changes nothing; otherwise every seat's counts grow by exactly
    what the events say (within the largest count), no match is won more often than
    played, and the profiles write back and read the same."""
    from game.rules import events as E
    from game.store.profile_store import encode, load_profiles, save_profiles
    from game.store.profiles import MAX_COUNT, EditionStats
    from game.store.stats import SeatRef, check_seats, record

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "profiles.json"
        path.write_bytes(case.file)
        step = "load_profiles"
        try:
            book, _problem = load_profiles(path)
            seats = [SeatRef(pid, name, ai) for pid, name, ai in case.seats]
            events = _events(case)
            before = encode(book)
            old = {s.player_id: (p.total(case.edition).add(EditionStats())
                                 if (p := book.get(s.player_id)) else EditionStats())
                   for s in seats if isinstance(s.player_id, str)}  # copies
            step = "check_seats"
            try:
                check_seats(case.edition, seats)
                fair = True
            except ValueError:
                fair = False
            step = "record"
            try:
                record(book, case.edition, seats, events)
                refused = False
            except ValueError:
                refused = True
            step = "save_profiles"
            save_profiles(book, Path(tmp) / "again.json")
            again, trouble = load_profiles(Path(tmp) / "again.json")
        except Exception as exc:
            raise Failure("statistics", signature(f"statistics.{step}", exc),
                          short(case, 2000)) from exc

        def fail(what: str) -> Failure:
            return Failure("statistics", f"statistics: {what}", short(case, 2000))

        if refused:
            if fair:
                raise fail("record refused a fair table")
            if encode(book) != before:
                raise fail("a refused table changed the profiles")
            return
        if not fair:
            raise fail("record counted a table it should have refused")
        if trouble is not None or encode(again) != encode(book):
            raise fail("the counted profiles do not write back the same")
        matches = sum(isinstance(e, E.MatchEnded) for e in events)
        for i, seat in enumerate(seats):
            hands = sum(isinstance(e, E.HandEnded) and e.winner == i for e in events)
            profile = book.get(seat.player_id)
            if profile is None:
                if hands or matches:
                    raise fail("a seat that won a hand or played a match has no profile")
                continue
            now, was = profile.total(case.edition), old[seat.player_id]
            if now.played != min(MAX_COUNT, was.played + matches) \
                    or now.hands_won != min(MAX_COUNT, was.hands_won + hands):
                raise fail("a seat's counts did not grow by what the events say")
            if not 0 <= now.won <= now.played or not 0 <= now.best <= MAX_COUNT:
                raise fail("a count out of range or more wins than matches")


# ====================================================================== the instance lock
#: What can sit at ``uno.lock`` (or instead of the data folder) when the game starts.
LOCK_KINDS = ("none", "empty", "text", "binary", "huge", "folder", "folder with files", "fifo",
              "read-only", "link to a file", "data folder is a file")


@dataclass(frozen=True)
class LockCase:
    """``kind`` of :data:`LOCK_KINDS` at the lock's path, with ``content`` for the files."""

    kind: str
    content: bytes = b""


def lock_cases() -> st.SearchStrategy[LockCase]:
    content = st.one_of(st.binary(max_size=64), nasty_text.map(
        lambda t: t.encode("utf-8", "surrogatepass")), st.just(b"12345\n"),
        st.just(b"\x00" * 4096))
    return st.builds(LockCase, st.sampled_from(LOCK_KINDS), content)


def check_lock(case: LockCase) -> None:
    """Starting the game whatever is at ``uno.lock``: the lock is taken (a file of the game's
    own holding this process's id, which a second copy cannot take: ``AlreadyRunning``) and
    released; what was there and is not a file of the game's own (a folder, a FIFO, a link)
    is put aside unchanged and told, never followed nor emptied; where no lock can be made at
    all (the data folder is a file), ``acquire`` says so (``False``) and changes nothing."""
    import os
    import stat

    from game.store.instance import LOCK_NAME, AlreadyRunning, InstanceLock
    from game.store.userfiles import WATCH

    def fail(what: str) -> Failure:
        return Failure("lock", f"lock: {what}", short(case))

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        outside = Path(tmp) / "notes.txt"
        outside.write_bytes(case.content)
        path = data / LOCK_NAME
        if case.kind == "data folder is a file":
            data.write_bytes(case.content)
        else:
            data.mkdir()
        if case.kind in ("empty", "text", "binary", "read-only"):
            path.write_bytes(b"" if case.kind == "empty" else case.content)
            if case.kind == "read-only":
                path.chmod(0o444)
        elif case.kind == "huge":
            with path.open("wb") as fh:
                fh.truncate(4 << 30)  # sparse: 4 GiB that cost no disk
        elif case.kind in ("folder", "folder with files"):
            path.mkdir()
            if case.kind == "folder with files":
                (path / "inside.txt").write_bytes(case.content)
        elif case.kind == "fifo":
            os.mkfifo(path)
        elif case.kind == "link to a file":
            path.symlink_to(outside)
        WATCH.take()
        first, second, third = InstanceLock(data), InstanceLock(data), InstanceLock(data)
        step = "acquire"
        err = io.StringIO()  # what is told on stderr too: kept off the run's own output
        try:
            with contextlib.redirect_stderr(err):
                held = first.acquire()
            if held:
                step = "second acquire"
                try:
                    with contextlib.redirect_stderr(err):
                        second.acquire()
                    took_twice = True
                except AlreadyRunning:
                    took_twice = False
                step = "read"
                info = os.lstat(path)
                content = path.read_bytes() if stat.S_ISREG(info.st_mode) else b""
                step = "release"
                first.release()
                step = "acquire after release"
                with contextlib.redirect_stderr(err):
                    again = third.acquire()
                third.release()
            notices = WATCH.take()
        except Exception as exc:
            raise Failure("lock", signature(f"lock.{step}", exc), short(case)) from exc
        finally:
            for lock in (first, second, third):
                with contextlib.suppress(Exception):
                    lock.release()
        told = [n for n in notices if n.what == "files"]
        if case.kind == "data folder is a file":
            if held or data.read_bytes() != case.content:
                raise fail("a data folder that is a file was used or changed")
            return
        if not held and case.kind == "read-only" and os.geteuid() != 0:
            return  # not ours to open for writing: the game runs unprotected, as documented
        if not held:
            raise fail(f"no lock over {case.kind}")
        if took_twice:
            raise fail("a second copy took the lock too")
        if not again:
            raise fail("the lock could not be taken again after its release")
        if not stat.S_ISREG(info.st_mode) or content != f"{os.getpid()}\n".encode():
            raise fail("the lock file does not say who holds it")
        if outside.read_bytes() != case.content:
            raise fail("a file outside the game's folder was changed through a link")
        if case.kind in ("folder", "folder with files", "fifo", "link to a file"):
            aside = [p for p in data.iterdir() if p.name != LOCK_NAME]
            if len(told) != 1 or len(aside) != 1:
                raise fail(f"a {case.kind} at the lock's path was not put aside and told")
            if case.kind == "folder with files" and \
                    (aside[0] / "inside.txt").read_bytes() != case.content:
                raise fail("a folder put aside lost what it held")
        elif told:
            raise fail(f"a notice about {case.kind} at the lock's path, a file of the game's own")
