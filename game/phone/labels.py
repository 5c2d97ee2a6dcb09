"""Words in one phone's own language: the choices' labels as every front end renders them
(:class:`game.play.labels.Labels`, over that connection's catalogue from
:func:`game.i18n.translations`, never the table's language), and the phone's captions.

A :class:`Caption` is a message id with parameters, typed like the choices' labels
(:data:`game.play.choices.PARAM_TYPES`) plus the few the captions add
(:data:`CAPTION_PARAM_TYPES`: more seats, points, a list of cards), and for a count its
plural id. A translation whose fields are broken shows the English id; nothing here raises
on a label.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from game.i18n import N_
from game.play.choices import PARAM_TYPES
from game.play.labels import Labels, Translator

_log = logging.getLogger(__name__)

#: The captions' own parameters (:mod:`game.phone.captions`), typed as the choices' are.
CAPTION_PARAM_TYPES: Final[Mapping[str, str]] = {
    "challenger": "seat", "challenged": "seat", "catcher": "seat", "first": "seat",
    "second": "seat", "points": "number", "cards": "cards",
}


@dataclass(frozen=True)
class Caption:
    """A line to show on a phone: a message id, its parameters, and for a count the
    plural id (``count`` picks the form)."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int = 1


@dataclass(frozen=True)
class PhoneLabels(Labels):
    """:class:`Labels` that also render captions (see the module docstring)."""

    def param(self, name: str, value: Any) -> str:
        if name in PARAM_TYPES:
            return super().param(name, value)
        kind = CAPTION_PARAM_TYPES.get(name, "text")
        if kind == "seat" and isinstance(value, int):
            return self.seat(value)
        if kind == "cards" and isinstance(value, tuple | list):
            named = [self.card(str(c)) for c in value]
            return ", ".join(named) if named else self.translator.gettext(N_("(hidden)"))
        return str(value)

    def caption(self, caption: Caption) -> str:
        tr = self.translator
        template = (tr.ngettext(caption.msgid, caption.plural, caption.count)
                    if caption.plural else tr.gettext(caption.msgid))
        english = caption.plural if caption.plural and caption.count != 1 else caption.msgid
        values = {k: self.param(k, v) for k, v in caption.params.items()}
        for text in (template, english):
            try:
                return text.format(**values)
            except (KeyError, ValueError, IndexError):
                _log.error("translation of %r has broken fields", caption.msgid)
        return english


def labels_for(translator: Translator, names: Sequence[str]) -> PhoneLabels:
    return PhoneLabels(tuple(names), translator)
