"""The players' own voices: their recorded names and the house rule, for the speaker.

Recordings are kept by :class:`~game.voice.clips.ClipStore` in the game's data folder; the
table gives the speaker its cast (:func:`voice_cast`) and the house rule
(:func:`house_rule_voice`) when a match starts, and Roboto's set-up records into
:func:`clip_store`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.saves import data_dir

if TYPE_CHECKING:
    from game.voice.clips import ClipStore, PlayerVoice


def clip_store() -> ClipStore:
    """The clips folder in the game's data folder (``UNO_DATA_DIR`` in tests)."""
    from game.voice.clips import ClipStore

    return ClipStore(data_dir() / "clips")


def voice_cast(names: Sequence[str], store: ClipStore | None = None) -> dict[int, PlayerVoice]:
    """The speaker's cast: each player's typed name and, when recorded, their own voice."""
    from game.voice.clips import ClipKind, PlayerVoice

    store = store or clip_store()
    return {i: PlayerVoice(n, store.find(n, ClipKind.NAME)) for i, n in enumerate(names)}


def house_rule_voice(session: Any) -> PlayerVoice | None:
    """The speaker's ``house_rule`` for a session set up here: its recording, else the
    example's text; ``None`` when the game has no house rule."""
    from game.voice.clips import PlayerVoice

    text_, clip = getattr(session, "house_rule_text", ""), getattr(session, "house_rule_clip",
                                                                   None)
    if not session.ruleset.house_rule or not (text_ or clip):
        return None
    return PlayerVoice(text_ or _("House rule"), clip if isinstance(clip, Path) else None)
