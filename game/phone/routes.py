"""The phone server's HTTP side: the page's files, the card and face images, the join
form's texts, and the checks every request passes (see :mod:`game.phone.server`).

- every request's ``Host`` header must be the address the server listens on (no DNS
  rebinding), and only GET is served;
- every response carries a strict Content-Security-Policy (scripts and styles from this
  server only, no inline script) and refuses framing and sniffing.

:class:`Routes` builds the aiohttp application; the WebSocket's handler is the server's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

import game.phone.texts as texts
from game import i18n
from game.resources import resource_path

if TYPE_CHECKING:
    from game.phone.art import Art

STATIC = ("game", "phone", "static")
#: The page's files, by URL path: (file, content type).
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
}
#: The largest request (line, header field, body) the server reads.
MAX_REQUEST = 4096


class Routes:
    """The HTTP side of one server listening at ``host``:``port`` (set once bound);
    ``art`` gives the pictures."""

    def __init__(self, art: Callable[[], Art]) -> None:
        self._art = art
        self.host = ""
        self.port = 0
        self._files: dict[str, bytes] = {}

    def app(self, socket: Callable[[web.Request], Awaitable[web.StreamResponse]]
            ) -> web.Application:
        """The application: the page, the pictures, the texts and ``socket`` at ``/ws``."""
        for path, (name, _ctype) in FILES.items():
            self._files[path] = resource_path(*STATIC, name).read_bytes()
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_REQUEST,
                              handler_args={"max_line_size": MAX_REQUEST,
                                            "max_field_size": MAX_REQUEST})
        app.on_response_prepare.append(self._headers)
        for path in FILES:
            app.router.add_get(path, self._file)
        app.router.add_get("/card/{name}.png", self._card)
        app.router.add_get("/face/{kind}.png", self._face)
        app.router.add_get("/ui/{lang}.json", self._ui)
        app.router.add_get("/ws", socket)
        return app

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Any) -> web.StreamResponse:
        host = request.headers.get("Host", "")
        if host.lower() != f"{self.host}:{self.port}":
            return web.Response(status=421, text="This server answers only at "
                                                 f"{self.origin}/\n")
        if request.method not in ("GET", "HEAD"):
            return web.Response(status=405, text="Only GET is served here.\n")
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPException as exc:
            return web.Response(status=exc.status, text=f"{exc.reason}\n")
        return response

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        h = response.headers
        h["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src 'self' ws://{self.host}:{self.port}; base-uri 'none'; "
            "form-action 'none'; "
            "frame-ancestors 'none'")
        h["X-Content-Type-Options"] = "nosniff"
        h["Referrer-Policy"] = "no-referrer"
        h["X-Frame-Options"] = "DENY"
        h.setdefault("Cache-Control", "no-store")

    async def _file(self, request: web.Request) -> web.Response:
        ctype = FILES[request.path][1].split(";")[0]
        return web.Response(body=self._files[request.path], content_type=ctype, charset="utf-8")

    async def _card(self, request: web.Request) -> web.Response:
        return self._image(self._art().png("card", request.match_info["name"]))

    async def _face(self, request: web.Request) -> web.Response:
        return self._image(self._art().png("face", request.match_info["kind"]))

    def _image(self, data: bytes | None) -> web.Response:
        if data is None:
            return web.Response(status=404, text="No such image.\n")
        return web.Response(body=data, content_type="image/png",
                            headers={"Cache-Control": "max-age=3600"})

    async def _ui(self, request: web.Request) -> web.Response:
        lang = request.match_info["lang"]
        if lang not in i18n.LANGUAGES:
            return web.Response(status=404, text="No such language.\n")
        tr = i18n.translations(lang)
        body = {"lang": lang, "ui": texts.ui_texts(tr),
                "languages": [{"code": c, "name": n} for c, n in i18n.LANGUAGES.items()]}
        return web.json_response(body)
