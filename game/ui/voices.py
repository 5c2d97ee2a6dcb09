"""The players' own voices: their recorded names and the house rule, for the speaker.

Recordings are kept by :class:`~game.voice.clips.ClipStore` in the game's data folder; the
table gives the speaker its cast (:func:`voice_cast`) and the house rule
(:func:`house_rule_voice`) when a match starts, and Roboto's set-up records into
:func:`clip_store`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_, _
from game.rules.ruleset import Ruleset
from game.setup.names import is_player_id
from game.store.saves import data_dir

if TYPE_CHECKING:
    from game.voice.clips import ClipStore, PlayerVoice

_log = logging.getLogger(__name__)


#: The table's notice about recordings that are not played (see :func:`clip_notice`): one,
#: or several (the count is never 0, so two messages do for English and French).
CLIP_REFUSED_ONE = N_("This recording can't be played (it is not a short recording made by "
                      "the game), so the voice says it instead: {recordings}.")
CLIP_REFUSED = N_("These recordings can't be played (they are not short recordings made by "
                  "the game), so the voice says them instead: {recordings}.")
HOUSE_RULE_RECORDING = N_("the house rule")


def clip_store() -> ClipStore:
    """The clips folder in the game's data folder (``UNO_DATA_DIR`` in tests)."""
    from game.voice.clips import ClipStore

    return ClipStore(data_dir() / "clips")


def usable_clip(path: Path | None, kind: Any) -> Path | None:
    """``path`` when it is a clip the game may play as a ``kind``, else ``None`` (logged)."""
    from game.voice.clips import ClipProblem, check_clip

    if path is None:
        return None
    try:
        check_clip(path, kind)
    except ClipProblem as exc:
        _log.warning("recording not used: %s", exc)
        return None
    return path


def _name_clips(ids: Sequence[str], store: ClipStore) -> dict[int, Path]:
    """Each seat's stored name clip, whatever it holds (seats without an id have none)."""
    from game.voice.clips import ClipKind

    found = {i: store.find(pid, ClipKind.NAME) for i, pid in enumerate(ids) if is_player_id(pid)}
    return {i: path for i, path in found.items() if path is not None}


def voice_cast(names: Sequence[str], store: ClipStore | None = None,
               ids: Sequence[str] = ()) -> dict[int, PlayerVoice]:
    """The speaker's cast: each player's typed name and, when they recorded one that the game
    may play, their own voice (looked up by their id in ``ids``)."""
    from game.voice.clips import ClipKind, PlayerVoice

    clips = _name_clips(ids, store or clip_store())
    return {i: PlayerVoice(n, usable_clip(clips.get(i), ClipKind.NAME))
            for i, n in enumerate(names)}


def house_rule_voice(session: Any) -> PlayerVoice | None:
    """The speaker's ``house_rule`` for a session set up here: its recording (when the game may
    play it), else the example's text; ``None`` when the game has no house rule."""
    from game.voice.clips import ClipKind, PlayerVoice

    text_, clip = getattr(session, "house_rule_text", ""), getattr(session, "house_rule_clip",
                                                                   None)
    if not _recorded(session.ruleset) or not (text_ or clip):
        return None
    clip = usable_clip(clip if isinstance(clip, Path) else None, ClipKind.HOUSE_RULE)
    return PlayerVoice(text_ or _("House rule"), clip)


def _recorded(rs: Ruleset) -> bool:
    """R-2: was a house rule recorded for Roboto (the edition whose options have one)?"""
    return "house_rule" in rs.options.names() and bool(rs.option("house_rule"))


#: Told once per refused file (path, size, time): a resumed match does not tell it again.
_told: set[tuple[str, int, int]] = set()


def clip_notice(session: Any, store: ClipStore | None = None) -> tuple[str, dict[str, str]]:
    """The table's notice about recordings the game refuses to play (see the module
    docstring), as a message id and its parameters; ``("", {})`` when there is nothing new
    to tell."""
    from game.voice.clips import ClipKind, ClipProblem, check_clip

    names = list(session.names)
    found: list[tuple[str, Path, Any]] = [
        (names[i], path, ClipKind.NAME)
        for i, path in _name_clips(session.player_ids, store or clip_store()).items()]
    rule = getattr(session, "house_rule_clip", None)
    if _recorded(session.ruleset) and isinstance(rule, Path):
        found.append((_(HOUSE_RULE_RECORDING), rule, ClipKind.HOUSE_RULE))
    refused: list[str] = []
    for what, path, kind in found:
        try:
            check_clip(path, kind)
        except ClipProblem:
            try:
                st = path.stat()
                key = (str(path), st.st_size, st.st_mtime_ns)
            except (OSError, ValueError):
                key = (str(path), -1, -1)
            if key not in _told:
                _told.add(key)
                refused.append(what)
    if not refused:
        return "", {}
    return (CLIP_REFUSED_ONE if len(refused) == 1 else CLIP_REFUSED,
            {"recordings": ", ".join(refused)})
