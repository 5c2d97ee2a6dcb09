"""The guided first hand end to end, in a real window under Xvfb: the game's first launch
offers it, every step is played by X input events (mouse and keyboard), and each step's
screenshot is checked where the state file says the pointer is. Then the offer is not made
again, and the guide's pointer still lands on the thing in a window resized to 960×600.

Screenshots (one per step): ``test-output/<test name>/``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import theme
from tests.ui.conftest import colour_share
from tests.ui.test_e2e import RunningApp, display, home  # noqa: F401 - fixtures

pytestmark = pytest.mark.xvfb

SETTINGS = ('narration = "off"\nanimation_speed = 3.0\nwindow_width = 1280\n'
            'window_height = 800\n')


class FirstLaunch(RunningApp):
    """The game started with no guide offered yet: it opens on the offer, over the title."""

    opened = False

    def wait(self, ok: Callable[[dict[str, Any]], bool],
             timeout: float = 20.0) -> dict[str, Any]:
        if not self.opened:  # RunningApp waits for the title: the offer is over it
            self.opened = True
            return super().wait(lambda s: s.get("top") == "guide.offer"
                                and s.get("scenes") == ["title", "guide.offer"], timeout)
        return super().wait(ok, timeout)


def guide(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("table", {}).get("devices", {}).get("GuideLayer", {})


def at_step(app: RunningApp, step: str, timeout: float = 30.0) -> dict[str, Any]:
    """Wait for ``step`` on screen (the table still: nothing flying)."""
    if step == "colour":
        return app.wait(lambda s: s["top"] == "colour", timeout)
    return app.wait(lambda s: s["top"] == "table" and guide(s).get("step") == step
                    and s["table"]["idle"], timeout)


def pointed(app: RunningApp, step: str, state: dict[str, Any], prefix: str = "") -> pygame.Surface:
    """The screenshot of ``step``, checked: the halo's ring around the rectangle the guide
    points at, which is the table's own rectangle of the thing, and the caption's panel.

    The state file is written after a frame; on a busy machine the X server may still show
    the frame before (the last step's caption, elsewhere), so the screenshot is retaken until
    it shows the step, and then checked."""
    g = guide(state)
    table = state["table"]
    s = theme.scale_for(tuple(state["size"]))  # type: ignore[arg-type]
    caption: pygame.Rect | None = None
    if step == "colour":
        rects = [pygame.Rect(r) for r in state["colour"]["worth"]]
        assert len(rects) == 2  # yellow and blue: the colours held
    else:
        rects = [pygame.Rect(g["target"])] if g["target"] is not None else []
        want = {"pile": table["discard_rect"], "draw": table["draw_rect"],
                "uno": table["uno_rect"]}.get(step)
        if want is not None:
            assert rects == [pygame.Rect(want)]
        if step in ("play", "after_uno"):
            assert rects == [pygame.Rect(table["hand_rects"][table["playable"][0]])]
        caption = pygame.Rect(g["caption"])
    pad, w = int(8 * s), max(3, int(5 * s))
    edges = [(r, edge) for r in rects
             for edge in (pygame.Rect(r.left - pad, r.centery - 4, w, 8),
                          pygame.Rect(r.right + pad - w, r.centery - 4, w, 8))]

    def panel(screen: pygame.Surface) -> float:
        assert caption is not None
        return colour_share(screen, caption.inflate(-caption.w // 3, -caption.h // 2),
                            theme.PANEL, 40)

    def shows(screen: pygame.Surface) -> bool:
        return (caption is None or panel(screen) > 0.3) and all(
            colour_share(screen, edge, theme.ACCENT, 60) > 0.4 for _r, edge in edges)

    screen = app.shot_showing(prefix + step, shows)
    if caption is not None:
        assert panel(screen) > 0.3, "the caption panel"
    for _r, edge in edges:
        assert colour_share(screen, edge, theme.ACCENT, 60) > 0.4, f"halo of {step}"
    return screen


def test_the_first_launch_offers_the_guide_and_it_plays_through(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    app = FirstLaunch(display, home, outdir, SETTINGS + "guide_offered = false\n")
    try:
        state = app.state()
        assert state["focus"] == "learn"
        app.shot("offer")
        app.key("Return")
        state = at_step(app, "pile")
        pointed(app, "pile", state)
        app.click(state["controls"]["guide_next"])  # "Got it", with the mouse
        state = at_step(app, "play")
        pointed(app, "play", state)
        app.click(state["table"]["hand_rects"][state["table"]["playable"][0]])
        state = at_step(app, "draw")
        pointed(app, "draw", state)
        app.key("d")  # the keyboard
        state = at_step(app, "play_drawn")
        pointed(app, "play_drawn", state)
        app.click(guide(state)["target"])  # "Play it"
        state = at_step(app, "colour")
        pointed(app, "colour", state)
        app.key("b")
        state = at_step(app, "uno")
        pointed(app, "uno", state)
        app.key("Return")  # playing first is held back, and the caption says why
        state = app.wait(lambda s: bool(guide(s).get("refused")))
        assert state["table"]["hand"] and len(state["table"]["hand"]) == 2
        app.shot("uno_held_back")
        app.click(state["table"]["uno_rect"])
        state = at_step(app, "after_uno")
        pointed(app, "after_uno", state)
        i = state["table"]["playable"][0]
        app.key("Home", *["Right"] * i, "Return")
        state = app.wait(lambda s: guide(s).get("step") == "end")
        app.shot("end")
        app.key("n")
        state = app.wait(lambda s: guide(s).get("finished") is True)
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "guide.leave")
        app.shot("leave")
        app.click(state["controls"]["leave"])
        state = app.wait(lambda s: s["top"] == "title")
        assert "learn" in state["controls"]
        app.click(state["controls"]["quit"])
        assert app.proc.wait(15) == 0
    finally:
        app.close()
    saved = (home / "config" / "settings.toml").read_text("utf-8")
    assert "guide_offered = true" in saved
    assert not list((home / "data").glob("matches/*.json")), "the guided hand is not saved"

    # Started again: no offer any more. In a small window, the pointer still lands.
    app = RunningApp(display, home, outdir, saved)
    try:
        app.xdo("windowsize", "--sync", app.window, "960", "600")
        state = app.wait(lambda s: s["size"] == [960, 600] and s["top"] == "title")
        app.shot("title_small")
        app.click(state["controls"]["learn"])
        state = at_step(app, "pile")
        screen = pointed(app, "pile", state, "small_")
        assert screen.get_size() == (960, 600)
        app.key("n")
        state = at_step(app, "play")
        pointed(app, "play", state, "small_")
        app.key("Return")
        state = at_step(app, "draw")
        pointed(app, "draw", state, "small_")
    finally:
        app.close()
