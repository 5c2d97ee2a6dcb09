"""What the big screen shows of the phones (issue 33): each phone seat's QR code, address
and code while its phone has not joined (:class:`PhoneJoinScene`, at the set-up and again
at the table), a small phone mark with the connection's state (:func:`draw_phone_mark`),
and the host's questions: a phone that typed a seat's code, a second device on a seat's
link (:class:`PhoneQuestionScene`).

The QR codes are segno's (:meth:`game.phone.hub.SeatInvite.qr`), drawn here module by
module on a white square with a quiet zone, each module a whole number of pixels so that a
phone's camera reads them from across the room.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.store.profiles import AVATAR_KINDS, Avatar
from game.ui import text, theme
from game.ui.avatars import draw_avatar
from game.ui.phones import NO_NETWORK, NO_SERVER, phones_of
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost

#: How a phone seat's connection reads on screen.
CONNECTION_WORDS = {
    "never": N_("Not joined yet"),
    "connected": N_("Joined"),
    "away": N_("Phone gone"),
}
#: The colour of the phone mark's dot for each connection state.
CONNECTION_RGB = {
    "never": (170, 170, 170),
    "connected": (90, 200, 110),
    "away": (240, 170, 60),
}
HOW_TO_JOIN = N_("Scan a seat's code with the phone's camera, or type the address in the "
                 "phone's browser and then the seat's code. The phone must be on the same "
                 "Wi-Fi as this computer.")
CODE_LINE = N_("Code: {code}")

_QR: OrderedDict[tuple[tuple[tuple[bool, ...], ...], int], pygame.Surface] = OrderedDict()


def qr_surface(matrix: tuple[tuple[bool, ...], ...], size: int) -> pygame.Surface:
    """``matrix`` drawn at most ``size`` pixels wide, each module a whole number of pixels
    (dark modules black on white, the matrix's own quiet zone included); cached."""
    key = (matrix, size)
    surf = _QR.get(key)
    if surf is not None:
        _QR.move_to_end(key)
        return surf
    n = max(1, len(matrix))
    module = max(1, size // n)
    surf = pygame.Surface((module * n, module * n))
    surf.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), pygame.Rect(x * module, y * module, module, module))
    _QR[key] = surf
    if len(_QR) > 24:
        _QR.popitem(last=False)
    return surf


def draw_phone_mark(surface: pygame.Surface, center: tuple[int, int], height: int,
                    connection: str) -> pygame.Rect:
    """A small phone (a rounded body, its screen) with a dot of the connection's colour at
    its corner; returns its rect."""
    h = max(10, height)
    body = pygame.Rect(0, 0, max(6, int(h * 0.58)), h)
    body.center = center
    radius = max(2, body.width // 4)
    pygame.draw.rect(surface, theme.SHADOW, body.move(1, 1), border_radius=radius)
    pygame.draw.rect(surface, (235, 235, 240), body, border_radius=radius)
    screen = body.inflate(-max(2, body.width // 4), -max(4, h // 4))
    pygame.draw.rect(surface, (60, 70, 90), screen, border_radius=max(1, radius // 2))
    dot = max(3, h // 4)
    rgb = CONNECTION_RGB.get(connection, CONNECTION_RGB["never"])
    at = (body.right, body.bottom - dot // 2)
    pygame.draw.circle(surface, theme.SHADOW, at, dot + 1)
    pygame.draw.circle(surface, rgb, at, dot)
    return body.union(pygame.Rect(at[0] - dot, at[1] - dot, 2 * dot, 2 * dot))


def seat_name(app: AppHost, seat: int) -> str:
    """The name of ``seat`` as the scenes on the stack know it (the match's, else the
    set-up's)."""
    for scene in reversed(app.stack.scenes):
        session = getattr(scene, "session", None)
        if session is not None and seat < len(session.names):
            return str(session.names[seat])
        named: Callable[[int], str] | None = getattr(scene, "seat_name", None)
        if named is not None:
            return named(seat)
    return str(seat + 1)


def seat_face(app: AppHost, seat: int) -> Avatar | None:
    """The face ``seat`` wears: the one the scenes show (the set-up's seat, the match's
    player; a face chosen on its phone is theirs once the scene took it), else the one its
    phone chose."""
    face = scene_face(app, seat)
    if face is not None:
        return face
    st = phones_of(app).status(seat)
    return Avatar.of(st.face) if st is not None and st.face in AVATAR_KINDS else None


def scene_face(app: AppHost, seat: int) -> Avatar | None:
    """The face the topmost scene that seats players gives ``seat`` (``None``: none does)."""
    for scene in reversed(app.stack.scenes):
        session = getattr(scene, "session", None)
        if session is not None and seat < len(session.player_ids):
            from game.ui import family

            return family.faces(app, session.player_ids)[seat]
        face: Callable[[int], Avatar | None] | None = getattr(scene, "seat_avatar", None)
        if face is not None:
            return face(seat)
    return None


def draw_invite(surface: pygame.Surface, app: AppHost, seat: int, box: pygame.Rect,
                s: float) -> dict[str, Any]:
    """One phone seat's card in ``box``: its face and name, then its QR code with the
    address and code under it while its phone is not connected, or "Joined" with the
    phone's chosen face and name. Returns what was drawn (for the test state)."""
    phones = phones_of(app)
    st = phones.status(seat)
    connection = phones.connection(seat)
    pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.TEXT, 0.06), box,
                     border_radius=int(12 * s))
    pygame.draw.rect(surface, CONNECTION_RGB[connection] if connection != "never"
                     else theme.PANEL_EDGE, box, max(1, int(2 * s)), border_radius=int(12 * s))
    pad = int(10 * s)
    name = st.name if st is not None and st.name else seat_name(app, seat)
    face = seat_face(app, seat)
    head = int(34 * s)
    y = box.top + pad
    x = box.left + pad
    if face is not None:
        draw_avatar(surface, face, (x + head // 2, y + head // 2), head)
        x += head + int(6 * s)
    px = text.fit(name, int(20 * s), box.right - pad - x)
    text.draw(surface, name, px, (x, y + head // 2), theme.TEXT, "midleft")
    mark = draw_phone_mark(surface, (box.right - pad - int(8 * s), y + head // 2),
                           int(22 * s), connection)
    del mark
    y += head + int(8 * s)
    out: dict[str, Any] = {"seat": seat, "connection": connection, "name": name,
                           "face": face.kind if face is not None else ""}
    words = _(CONNECTION_WORDS[connection])
    invite = phones.invite(seat)
    if connection == "connected" or invite is None:
        big = min(box.width - 2 * pad, box.bottom - y - int(40 * s))
        if face is not None and big > 20:
            draw_avatar(surface, face, (box.centerx, y + big // 2), min(big, int(120 * s)))
        colour = CONNECTION_RGB["connected"] if connection == "connected" else theme.TEXT_DIM
        text.draw(surface, words, text.fit(words, int(24 * s), box.width - 2 * pad),
                  (box.centerx, box.bottom - pad), colour, "midbottom")
        return out
    if connection == "away":  # joined, then gone: the same link (or this code) again
        text.draw(surface, words, text.fit(words, int(17 * s), box.width - 2 * pad),
                  (box.centerx, y - int(4 * s)), CONNECTION_RGB["away"], "midtop")
        y += int(18 * s)
    lines_h = int(48 * s)
    side = min(box.width - 2 * pad, box.bottom - y - lines_h - pad)
    matrix = phones.qr(invite)
    img = qr_surface(matrix, max(21, side))
    at = img.get_rect(midtop=(box.centerx, y))
    surface.blit(img, at)
    address = invite.address
    code = _(CODE_LINE).format(code=invite.code)
    y = at.bottom + int(4 * s)
    text.draw(surface, address, text.fit(address, int(18 * s), box.width - 2 * pad),
              (box.centerx, y), theme.TEXT, "midtop")
    text.draw(surface, code, text.fit(code, int(20 * s), box.width - 2 * pad),
              (box.centerx, y + int(22 * s)), theme.ACCENT, "midtop")
    out.update(qr=[*at], modules=len(matrix), url=invite.url, address=address,
               code=invite.code)
    return out


def invite_boxes(area: pygame.Rect, count: int, s: float) -> list[pygame.Rect]:
    """``count`` cards laid out in ``area``: one row up to four, else two rows."""
    if count <= 0:
        return []
    rows = 1 if count <= 4 else 2
    per_row = -(-count // rows)
    gap = int(14 * s)
    w = min(int(300 * s), (area.width - gap * (per_row - 1)) // per_row)
    h = min(int(w * 1.22), (area.height - gap * (rows - 1)) // rows)
    boxes = []
    for i in range(count):
        r, c = divmod(i, per_row)
        in_row = per_row if r < rows - 1 else count - per_row * (rows - 1)
        left = area.centerx - (in_row * w + (in_row - 1) * gap) // 2
        boxes.append(pygame.Rect(left + c * (w + gap), area.top + r * (h + gap), w, h))
    return boxes


class PhoneJoinScene(PanelScene):
    """Every phone seat's QR code, address and code (hidden once its phone joins, with the
    phone's name and face shown instead). At the set-up (``start``: what "Start the match"
    does; the host starts it when everyone is ready) and at the table, for phones that must
    join again (``start`` ``None``: "Back to the game")."""

    name = "phone_join"
    title = N_("Join from the phones")
    body = HOW_TO_JOIN
    width = 1180
    opaque = False

    def __init__(self, app: AppHost, seats: Callable[[], Sequence[int]],
                 start: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.seats = seats
        self.start = start
        self.cards: list[dict[str, Any]] = []
        self._seen: tuple[Any, ...] = ()
        #: At the table, the codes close by themselves once the last phone joins (not
        #: when the host opened them with every phone in).
        self._waited = not self._all_in()

    def _all_in(self) -> bool:
        phones = phones_of(self.app)
        return all(phones.connection(p) == "connected" for p in self.seats())

    def build(self) -> list[Control]:
        if self.start is None:
            return [Button.make("back", N_("Back to the game"), style="primary")]
        return [Button.make("start", N_("Start the match"), style="primary"),
                Button.make("back", N_("Back to the set-up"))]

    def extra_height(self) -> int:
        h = self.size[1] / self.s
        return int(max(200, h - 360))

    def place(self, controls: list[Control]) -> None:
        if len(controls) == 2:  # side by side, Start at the right
            row = controls[0].rect
            half = (row.width - int(self.gap * self.s)) // 2
            controls[1].rect = pygame.Rect(row.left, row.top, half, row.height)
            controls[0].rect = pygame.Rect(row.right - half, row.top, half, row.height)

    def rows(self) -> list[float]:
        return [1.0] if self.controls else []

    def on_press(self, control: str) -> None:
        if control == "start" and self.start is not None:
            self.app.pop()
            self.start()
        elif control == "back":
            self.app.pop()

    def update(self, dt: float) -> bool:
        phones = phones_of(self.app)
        seats = list(self.seats())
        if self.start is None and self._all_in():
            if self._waited:
                self.app.pop()  # at the table: every phone is in
                return True
        else:
            self._waited = True
        seen = tuple((seat, phones.connection(seat), phones.status(seat),
                      getattr(phones.invite(seat), "code", "")) for seat in seats)
        seen += (phones.error,)
        if seen != self._seen:
            self._seen = seen
            return True
        return False

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        pad = int(28 * s)
        area = pygame.Rect(self.panel_rect.left + pad, self.content_top,
                           self.panel_rect.width - 2 * pad, int(self.extra_height() * s)
                           - int(10 * s))
        error = phones_of(self.app).error
        if error:
            msg = _(NO_SERVER).format(reason=error)
            text.draw_wrapped(surface, msg, int(20 * s), area, theme.DANGER)
            self.cards = []
            return
        if phones_of(self.app).no_network:
            msg = _(NO_NETWORK)
            used = text.draw_wrapped(surface, msg, int(18 * s), area, theme.DANGER)
            area = pygame.Rect(area.left, area.top + used + int(6 * s), area.width,
                               area.height - used - int(6 * s))
        seats = list(self.seats())
        self.cards = [draw_invite(surface, self.app, seat, box, s)
                      for seat, box in zip(seats, invite_boxes(area, len(seats), s))]

    def back(self) -> None:
        self.app.pop()

    def test_state(self) -> dict[str, Any]:
        phones = phones_of(self.app)
        return {"cards": self.cards, "error": phones.error, "no_network": phones.no_network}


class PhoneQuestionScene(PanelScene):
    """The host's answer at the table: a phone that typed ``seat``'s code (``kind``
    ``join``), or a second device that opened ``seat``'s link (``takeover``). Escape is the
    safe answer (refuse); the question goes away by itself once it no longer waits."""

    name = "phone_question"
    width = 640

    def __init__(self, app: AppHost, kind: str, ident: int, seat: int) -> None:
        super().__init__(app)
        self.kind = kind
        self.ident = ident
        self.seat = seat
        self.params = {"player": seat_name(app, seat)}
        if kind == "join":
            self.title = N_("A phone asks for {player}'s seat")
            self.body = N_("Someone typed {player}'s code on a phone. Let that phone play "
                           "{player}'s hand? Refuse if nobody at the table typed it.")
        else:
            self.title = N_("Another device for {player}")
            self.body = N_("{player}'s link was opened on a second device. Let the new "
                           "device take the seat? The first one will be told.")

    def build(self) -> list[Control]:
        if self.kind == "join":
            return [Button.make("yes", N_("Let it join"), style="primary"),
                    Button.make("no", N_("Refuse"))]
        return [Button.make("yes", N_("Let the new device play"), style="primary"),
                Button.make("no", N_("Keep the first device"))]

    def draw_extra(self, surface: pygame.Surface) -> None:
        draw_phone_mark(surface, (self.panel_rect.right - int(40 * self.s),
                                  self.panel_rect.top + int(40 * self.s)),
                        int(36 * self.s), "connected")

    def on_press(self, control: str) -> None:
        phones_of(self.app).answer(self.kind, self.ident, self.seat, control == "yes")
        self.app.pop()

    def back(self) -> None:
        self.on_press("no")


    def test_state(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}
