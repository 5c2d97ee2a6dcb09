"""Full screen on a bare X server (issue 13 item 10): without a window manager, a window
centred at 1280x720 on a 1280x800 screen kept its place when it went full screen and lost
its bottom 40 pixels. Checked with and without a window manager."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.xvfb
ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import subprocess, sys, time
import pygame
from game.store.settings import Settings
from game.ui.app import App
from game.ui.launch import start
app = App(Settings(narration="off", animation_speed=0.0), size=(1280, 720))
start(app)
app.frame(0.016)
app.set_fullscreen(True)
for _ in range(8):
    app.frame(0.016); app.draw(); pygame.display.flip(); pygame.event.pump(); time.sleep(0.05)
wid = pygame.display.get_wm_info()["window"]
info = subprocess.run(["xwininfo", "-id", str(wid)], capture_output=True, text=True).stdout
geo = {k.strip(): v.strip() for k, v in (l.split(":", 1) for l in info.splitlines() if ":" in l)}
print(geo["Absolute upper-left X"], geo["Absolute upper-left Y"], geo["Width"], geo["Height"],
      *app.screen.get_size())
app.close()
"""


def free_display() -> int:
    n = 150 + os.getpid() % 100
    while Path(f"/tmp/.X11-unix/X{n}").exists():
        n += 1
    return n


@pytest.mark.parametrize("wm", [None, "matchbox-window-manager"])
def test_full_screen_covers_the_whole_screen(wm: str | None, tmp_path: Path) -> None:
    if shutil.which("Xvfb") is None or shutil.which("xwininfo") is None:
        pytest.skip("Xvfb and xwininfo are needed")
    if wm is not None and shutil.which(wm) is None:
        pytest.skip(f"{wm} is not installed")
    n = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                             "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manager = None
    try:
        env = {**os.environ, "DISPLAY": f":{n}", "SDL_AUDIODRIVER": "dummy",
               "UNO_CONFIG_DIR": str(tmp_path / "config"), "UNO_DATA_DIR": str(tmp_path / "data")}
        env.pop("SDL_VIDEODRIVER", None)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.1)
        if wm is not None:
            manager = subprocess.Popen([wm], env=env, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            time.sleep(0.8)
        out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, timeout=60,
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr[-2000:]
        x, y, w, h, sw, sh = map(int, out.stdout.split()[-6:])
        assert (x, y, w, h) == (0, 0, 1280, 800), "the window is not where the screen is"
        assert (sw, sh) == (1280, 800)
    finally:
        for proc in (manager, xvfb):
            if proc is not None:
                proc.terminate()
                proc.wait(5)
