"""Every word the phone page shows that is not a label of the game: the page's own texts
(sent to it in its language, so the JavaScript carries no words) and the server's
refusals. Message ids, translated per connection."""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from typing import Final

from game.i18n import N_

#: The page's own texts, by key (the page looks them up; the keys are not shown).
UI: Final[Mapping[str, str]] = {
    "title": N_("UNO at the table"),
    "connecting": N_("Connecting to the table…"),
    "join_title": N_("Join with a code"),
    "join_help": N_("Type the code shown at the table for your seat."),
    "code_label": N_("Code"),
    "join_button": N_("Join"),
    "name_label": N_("Your name"),
    "save_name": N_("Save the name"),
    "face_label": N_("Your face"),
    "language_label": N_("Language"),
    "settings": N_("Name, face and language"),
    "uno_button": N_("UNO!"),
    "uno_off": N_("UNO! (not now)"),
    "seconds_left": N_("{seconds} s left"),
    "players_title": N_("Players"),
    "log_title": N_("What happened"),
    "reconnecting": N_("Connection lost: reconnecting…"),
    "reconnect_button": N_("Reconnect"),
    "pick_title": N_("Which one?"),
    "cancel": N_("Cancel"),
    "cannot_play": N_("{card}: cannot be played now"),
    "phone_connected": N_("on a phone"),
    "phone_away": N_("phone away"),
    "you": N_("(you)"),
    "owes_uno": N_("one card, no UNO! called"),
    "top_title": N_("Discard pile"),
    "sending": N_("Sending…"),
    "joined": N_("You have joined. The game starts when the host says so."),
    "too_big": N_("That message was too big: this phone was disconnected."),
}

#: Why a socket was refused or closed, by reason.
REFUSED: Final[Mapping[str, str]] = {
    "bad_secret": N_("This link does not open a seat any more. Ask at the table for the "
                     "code of your seat and type it here."),
    "bad_code": N_("That code is not right. Check it at the table and try again."),
    "codes_changed": N_("Too many wrong codes: every code has changed. Look at the table "
                        "for the new one."),
    "refused": N_("The host did not accept this phone."),
    "closed": N_("This seat is no longer played from a phone."),
    "full": N_("Too many phones are connecting at once. Try again in a moment."),
    "pending": N_("Ask the host to accept this phone at the table."),
    "waiting": N_("This seat is already open on another device. Ask at the table to move "
                  "it to this one."),
    "taken": N_("This seat was moved to another device. You can close this page."),
    "replaced": N_("This seat is now open in another page of this device. You can close "
                   "this one."),
    "renewed": N_("This link has expired. Scan the new code at the table."),
    "stopping": N_("The table has closed the game."),
}

#: The server's refusal of a message, by :data:`game.phone.wire.ERROR_CODES`.
ERRORS: Final[Mapping[str, str]] = {
    "bad_json": N_("The table could not read that message."),
    "bad_message": N_("The table did not understand that message."),
    "unknown_type": N_("The table did not understand that message."),
    "protocol": N_("This page is older than the game: reload it."),
    "not_text": N_("The table did not understand that message."),
    "too_big": N_("That message was too big: this phone was disconnected."),
    "flood": N_("Too many messages at once: this phone was disconnected. Reload the page "
                "to come back."),
    "auth_first": N_("This phone has not taken its seat yet."),
    "auth_timeout": N_("The link took too long to arrive: reload the page."),
    "busy": N_("The table is busy: try again."),
    "slow": N_("This phone could not keep up and was disconnected: reload the page."),
}

#: A choice made for a state the game has left (the same pick resent is not this).
STALE: Final = N_("The game moved on before your choice arrived: nothing was done. "
                  "Look again and choose.")
#: A name with nothing visible in it.
BAD_NAME: Final = N_("A name needs at least one letter.")


def ui_texts(tr: gettext.NullTranslations) -> dict[str, str]:
    """The page's texts in ``tr``'s language."""
    return {key: tr.gettext(msgid) for key, msgid in UI.items()}
