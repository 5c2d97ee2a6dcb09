"""Every house rule as the players meet it (RULES.md section H): the one registry that the
set-up screen, the table's header, the help, the log and the voice read.

The engine decides what a rule *does* (H-1 … H-3 in :mod:`game.rules.house`, H-4 … H-7 as
plain :class:`~game.rules.ruleset.Ruleset` options); this module says what it is *called*:
its name, a one-line explanation, the RULES.md wording for the help, a short label for the
table's header and its name inside a sentence (the announcement "House rules tonight: …").
Each is a message id, translated when shown. Where a rule fits is the engine rule's to say
(its ``unfit`` editions, with why: message ids too); only an option rule (H-4 … H-7), which
has no engine object, says it here.

Adding a house rule is one :func:`register` call here (and its French lines); nothing in the
front end names a rule (no ``if rule == …``): they all walk :func:`house_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from game.i18n import N_, _
from game.rules.house import HOUSE_RULES, house_text
from game.rules.ruleset import Ruleset, edition


@dataclass(frozen=True)
class HouseRuleFace:
    """One house rule's face (message ids). ``field`` names the :class:`Ruleset` option the
    rule sets to ``on_value`` (H-4 … H-7), which says here which editions it does not fit
    (``unfit``); ``None`` for a rule of :data:`HOUSE_RULES`, carried in ``Ruleset.house``
    (H-1 … H-3), which the engine rule says."""

    id: str
    clause: str
    name: str
    line: str
    help: str
    label: str
    spoken: str
    #: (edition, why) for every edition an option rule does not fit (an engine rule's
    #: are the engine rule's own: :meth:`fits`).
    unfit: tuple[tuple[str, str], ...] = ()
    field: str | None = None
    on_value: Any = True

    def fits(self, edition_name: str) -> bool:
        if self.field is None:
            return HOUSE_RULES[self.id].fits(edition_name)
        return all(e != edition_name for e, _why in self.unfit)

    def why_unfit(self, edition_name: str) -> str:
        """The message id saying why the rule does not fit ``edition_name`` ("" if it does)."""
        if self.field is None:
            return HOUSE_RULES[self.id].why_unfit(edition_name)
        return next((why for e, why in self.unfit if e == edition_name), "")

    def is_on(self, rs: Ruleset) -> bool:
        if self.field is None:
            return rs.has(self.id)
        return bool(getattr(rs, self.field) == self.on_value)

    def turned(self, rs: Ruleset, on: bool) -> Ruleset:
        """``rs`` with this rule on or off (off: the edition's own value); a rule that does
        not fit the edition stays off."""
        on = on and self.fits(rs.edition)
        if self.field is not None:
            off = getattr(edition(rs.edition), self.field)
            return replace(rs, **{self.field: self.on_value if on else off})
        names = {n for n in HOUSE_RULES if rs.has(n)} - {self.id} | ({self.id} if on else set())
        return replace(rs, house=house_text(tuple(n for n in HOUSE_RULES if n in names)))


_REGISTRY: dict[str, HouseRuleFace] = {}


def register(face: HouseRuleFace) -> HouseRuleFace:
    """Add (or replace) a house rule's face. A rule of the engine's :data:`HOUSE_RULES`
    says itself which editions it does not fit: its face lists none (``ValueError``)."""
    if face.field is None:
        if face.id not in HOUSE_RULES:
            raise ValueError(f"{face.id!r} is not a house rule of the engine")
        if face.unfit:
            raise ValueError(f"{face.id}: the engine rule says which editions it is unfit "
                             "for; its face lists none")
    _REGISTRY[face.id] = face
    return face


def house_rules() -> list[HouseRuleFace]:
    """Every registered house rule, in clause order (H-1 first)."""
    return sorted(_REGISTRY.values(), key=lambda f: (len(f.clause), f.clause))


def face(rule_id: str) -> HouseRuleFace:
    return _REGISTRY[rule_id]


def rules_on(rs: Ruleset) -> list[HouseRuleFace]:
    """The house rules ``rs`` plays with, in clause order."""
    return [f for f in house_rules() if f.is_on(rs)]


def header_labels(rs: Ruleset) -> list[str]:
    """The table header's short labels of the house rules ``rs`` plays with (translated)."""
    return [_(f.label) for f in rules_on(rs)]


def and_list(items: list[str]) -> str:
    """``["a", "b", "c"]`` → "a, b and c" in the current language."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the end of a list: "Alice, Bob and Carol", "trays 1 and 3".
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


# --------------------------------------------------------------------------- the announcement

#: The line said and written at the start of a match with house rules ("{rules}": a list).
TONIGHT: Final = N_("House rules tonight: {rules}.")


@dataclass(frozen=True, slots=True)
class HouseRulesTonight:
    """Not an engine event: the table's opening line naming the house rules on (their ids),
    told after ``MatchStarted`` by the voice (its phrase) and in the log (its line)."""

    rules: tuple[str, ...]


def tonight(rs: Ruleset) -> HouseRulesTonight | None:
    """The opening line for a match played with ``rs`` (``None`` without house rules)."""
    on = rules_on(rs)
    return HouseRulesTonight(tuple(f.id for f in on)) if on else None


def tonight_line(e: HouseRulesTonight) -> str:
    """The announcement as written (the log's line), in the current language."""
    names = [_(face(r).spoken) for r in e.rules if r in _REGISTRY]
    return _(TONIGHT).format(rules=and_list(names))


# --------------------------------------------------------------------------- the rules

#: Why the engine's rules do not fit an edition: the engine rules' own sentences, marked
#: here for the catalogue (the engine has no gettext), translated when shown.
ENGINE_REASONS: Final = (N_("Triple Play has nothing to stack."),)
_NO_WD4 = N_("There is no Wild Draw Four to bluff with in this edition.")
_LAUNCHER = N_("In Attack you press the launcher instead of drawing.")

register(HouseRuleFace(
    "stacking", "H-1", N_("Stacking"),
    N_("Answer a Draw Two with a Draw Two, a Wild Draw Four with a Wild Draw Four: the total "
       "passes on."),
    N_("A player facing a Draw Two may answer with a Draw Two of any colour, and a player "
       "facing a Wild Draw Four with a Wild Draw Four; the total passes on to the next player. "
       "The first player who does not stack draws the whole total and loses their turn (a "
       "player who cannot stack is still asked, so nobody learns that they hold none). A Draw "
       "Two never answers a Wild Draw Four nor the reverse. Only the player who finally draws "
       "may challenge, and only the last Wild Draw Four: if it was a bluff its player draws "
       "the total; if it was legal the challenger draws the total plus 2. A stacked card that "
       "is its player's last card ends the hand: the next player draws the whole total, with "
       "no stacking and no challenge. In Attack a Hit 2 answers a Hit 2 and a Wild Hit 4 a "
       "Wild Hit 4; the first player who does not stack presses the launcher the total number "
       "of times. Triple Play has nothing to stack."),
    N_("Stacking"), N_("stacking"),
))
register(HouseRuleFace(
    "seven_o", "H-2", N_("Seven-O"),
    N_("A 7 swaps your hand with a player you name; a 0 passes every hand on."),
    N_("Playing a 7 swaps the player's hand with a player they name with the play (like a "
       "colour); playing a 0 passes every hand to the next player in the direction of play. "
       "The hands move after the card's own effect (in Triple Play after the tray's press and "
       "any overload, so penalty cards go with the hand; in Roboto after his interruption, "
       "before the player he names continues) and before the next turn begins; a player who "
       "receives one card must call UNO. A 7 or 0 that is the player's last card ends the "
       "hand: nothing moves."),
    N_("Seven-O"), N_("Seven-O"),
))
register(HouseRuleFace(
    "jump_in", "H-3", N_("Jump-in"),
    N_("Hold the very same card as the one just played? Play it out of turn."),
    N_("Once the card just played has had its full effect and before the next player acts, "
       "any player holding a card identical to it (same colour and same number or symbol; "
       "never a Wild) may play it out of turn. A card on top from an earlier turn can't be "
       "jumped on. The jump-in is a normal play that begins the jumper's turn (it closes the "
       "UNO window): its effect applies from the jumper, play continues from them, and the "
       "players passed over lose their turn. If several try, the first counts. In Roboto it "
       "comes only after Roboto has named who continues, and he may interrupt it like any "
       "play; in Triple Play it goes on the tray just played, onto its identical top card, "
       "and presses that tray."),
    N_("Jump-in"), N_("jump-in"),
))
register(HouseRuleFace(
    "draw_to_match", "H-4", N_("Draw to match"),
    N_("Keep drawing until a playable card comes."),
    N_("Keep drawing until a playable card comes."),
    N_("Draw to match"), N_("draw to match"),
    unfit=(("attack", _LAUNCHER),), field="draw_to_match",
))
register(HouseRuleFace(
    "forced_play", "H-5", N_("Forced play"),
    N_("A playable drawn card must be played."),
    N_("A playable drawn card must be played."),
    N_("Forced play"), N_("forced play"),
    unfit=(("attack", N_("In Attack the cards the launcher fires can't be played that "
                         "turn.")),
           ("triple", N_("In Triple Play a drawn card that fits may be kept (T-4)."))),
    field="forced_play",
))
register(HouseRuleFace(
    "no_bluffing", "H-6", N_("No bluffing"),
    N_("An illegal Wild Draw Four cannot be played at all."),
    N_("An illegal Wild Draw Four cannot be played at all."),
    N_("No bluffing"), N_("no bluffing"),
    unfit=(("attack", _NO_WD4), ("triple", _NO_WD4)), field="no_bluffing",
))
register(HouseRuleFace(
    "uno_penalty", "H-7", N_("UNO penalty of 4"),
    N_("Caught without calling UNO: 4 cards instead of 2."),
    N_("Cards drawn when caught without calling UNO: 2 by default, 4 in some printings (this "
       "rule). In Attack, that many presses of the launcher."),
    N_("UNO penalty 4"), N_("a four-card UNO penalty"),
    field="uno_penalty", on_value=4,
))
