"""In a real X11 window (Xvfb): the game's window carries the icon, the title and the class
that the Linux menu entry (StartupWMClass) names, as a window manager or dock reads them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.tools.desktop import APP_ID
from game.ui.icon import window_icon
from tests.ui.conftest import ROOT
from tests.ui.test_e2e import display, find_window  # noqa: F401 (the Xvfb fixture)

pytestmark = pytest.mark.xvfb


def _xprop(window: str, env: dict[str, str]) -> dict[str, str]:
    out = subprocess.run(["xprop", "-notype", "-id", window, "-f", "_NET_WM_ICON", "32c",
                          "_NET_WM_ICON", "WM_CLASS", "_NET_WM_NAME"], env=env,
                         capture_output=True, text=True, timeout=20, check=True).stdout
    return dict(line.split(" = ", 1) for line in out.splitlines() if " = " in line)


@pytest.mark.skipif(shutil.which("xprop") is None or shutil.which("xdotool") is None,
                    reason="xprop (x11-utils) and xdotool are needed")
def test_the_x11_window_has_the_icon_title_and_class(display: str,  # noqa: F811
                                                     tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "UNO_"))}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               UNO_CONFIG_DIR=str(tmp_path / "config"), UNO_DATA_DIR=str(tmp_path / "data"))
    game = subprocess.Popen([sys.executable, "-m", "game", "--lang", "fr"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = find_window(game, display)
        # The title and the class are there the moment the window maps (a dock reads them
        # then); SDL sets the icon property just after mapping, and a dock follows that
        # change, so the icon gets a second.
        props = _xprop(window, env)
        deadline = time.monotonic() + 1.0
        while "_NET_WM_ICON" not in props and time.monotonic() < deadline:
            time.sleep(0.02)
            props = {**_xprop(window, env), "WM_CLASS": props.get("WM_CLASS", ""),
                     "_NET_WM_NAME": props.get("_NET_WM_NAME", "")}
    finally:
        game.terminate()
        game.wait(10)
    assert props["WM_CLASS"] == f'"{APP_ID}", "{APP_ID}"'
    assert props["_NET_WM_NAME"] == '"UNO en famille"'
    values = [int(v) for v in props["_NET_WM_ICON"].split(",")]
    width, height, argb = values[0], values[1], values[2:]
    expected = window_icon()
    assert (width, height) == expected.get_size()
    assert len(argb) >= width * height
    worst = 0
    for i, pixel in enumerate(argb[: width * height]):
        want = expected.get_at((i % width, i // width))
        got = ((pixel >> 16) & 255, (pixel >> 8) & 255, pixel & 255, pixel >> 24)
        if want.a and got[3]:  # colour only means something where the pixel shows
            worst = max(worst, *(abs(g - w) for g, w in zip(got, (want.r, want.g, want.b))))
        worst = max(worst, abs(got[3] - want.a))
    assert worst <= 3, f"the window's icon is not the game's (worst channel off by {worst})"
    # No pygame.quit() here: it quit the font module under the fonts the worker's later tests
    # had cached (the phones' card art then failed: "font module quit since font created").
