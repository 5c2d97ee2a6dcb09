"""Bots named on a command line: ``kind`` or ``kind:name=value:...``, the keyword
arguments of the bot's class (``python -m game.tools.arena --bots hard:budget=3000,medium``)."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

from game.bots import BOTS, make_bot
from game.bots.base import Bot


def bot_from_spec(spec: str) -> Bot:
    """A bot from ``kind`` or ``kind:name=value:...`` (keyword arguments of its class,
    numbers or ``none``), e.g. ``hard:budget=3000:time_limit=none``. A wrong spec raises
    ``ValueError`` saying what is wrong: an unknown kind or option, a value that is not a
    finite number (whole where the option's default is), a negative one, ``none`` for an
    option that cannot be none."""
    kind, kwargs = parse_spec(spec)
    if kwargs is None:
        return make_bot(kind)
    factory: Callable[..., Bot] = BOTS[kind]
    return factory(**kwargs)


def check_spec(spec: object) -> str:
    """``spec`` if it names a bot :func:`bot_from_spec` makes (a kind of
    :data:`game.bots.BOTS`, with options or not), without making it; ``ValueError`` saying
    what is wrong otherwise (also for what is not text)."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by text, not {type(spec).__name__}")
    parse_spec(spec)
    return spec


def parse_spec(spec: str) -> tuple[str, dict[str, Any] | None]:
    """The kind of ``spec`` and its options checked (``None``: none given, the kind's
    defaults); ``ValueError`` as :func:`bot_from_spec` says."""
    kind, colon, params = spec.partition(":")
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind[:40]!r} (known: {', '.join(BOTS)})")
    if not colon:
        return kind, None
    factory: Callable[..., Bot] = BOTS[kind]
    accepted = {name: p for name, p in inspect.signature(factory).parameters.items()
                if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    kwargs: dict[str, Any] = {}
    for item in params.split(":"):
        name, eq, raw = item.partition("=")
        if not name:
            raise ValueError(f"{spec[:80]}: give each option as :name=value")
        if name not in accepted:
            takes = ", ".join(accepted) or "no options"
            raise ValueError(f"{kind} has no option {name[:40]!r} (it takes: {takes})")
        if not eq or not raw:
            raise ValueError(f"{kind}:{item[:40]}: give the option as {name}=value")
        kwargs[name] = _option_value(kind, name, raw, accepted[name])
    return kind, kwargs


def _option_value(kind: str, name: str, raw: str, param: inspect.Parameter) -> Any:
    """One ``name=value`` of a bot spec, checked against the option's default."""
    default = param.default
    if raw.lower() == "none":
        if default is None or "None" in str(param.annotation):
            return None
        raise ValueError(f"{kind}: {name} cannot be none")
    if isinstance(default, bool):
        if raw.lower() in ("1", "true", "yes"):
            return True
        if raw.lower() in ("0", "false", "no"):
            return False
        raise ValueError(f"{kind}: {name}={raw}: give true or false")
    try:
        value: float = int(raw)
    except ValueError:
        try:
            value = float(raw)
        except ValueError:
            raise ValueError(f"{kind}: {name}={raw}: not a number") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{kind}: {name}={raw}: give a finite number, 0 or more")
    if isinstance(default, int):
        if value != int(value):
            raise ValueError(f"{kind}: {name}={raw}: give a whole number")
        if value < 1:
            raise ValueError(f"{kind}: {name}={raw}: give a whole number, 1 or more")
        return int(value)
    return float(value)

