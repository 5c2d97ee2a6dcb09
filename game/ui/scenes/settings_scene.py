"""Settings: every change applies at once (the language too) and is saved to the TOML file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.store.settings import ANIMATION_SPEEDS, PHONE_WAITS
from game.ui import scenes
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Choice, Control, language_choice

if TYPE_CHECKING:
    from game.ui.scene import AppHost

ON_OFF = [(True, N_("On")), (False, N_("Off"))]
SPEED_LABELS = {0.0: N_("No animation"), 0.5: N_("Slow"), 1.0: N_("Normal"), 1.5: N_("Quick"),
                2.0: N_("Fast"), 3.0: N_("Very fast")}
VOLUMES = [(v, f"{v} %") for v in range(0, 101, 10)]
NARRATION = [("off", N_("Silent")), ("announcements", N_("Key moments")),
             ("full", N_("Every move"))]
NO_MICROPHONE = N_("No microphone found")
MUTE = [(False, N_("Sound on")), (True, N_("Muted"))]
#: Controls that share the row of the one before them, at its right: (this, the row's owner).
SIDE_BY_SIDE = {"mute": "master_volume", "calibrate": "shout_uno"}
#: How long a phone player's turn waits on a phone that is gone before the table offers
#: what to do (issue 33 item 6).
PHONE_WAIT_LABEL = N_("{seconds} s")


class SettingsScene(PanelScene):
    name = "settings"
    title = N_("Settings")
    width = 700
    row_h = 36
    gap = 6

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self._microphone = app.sound.microphone
        app.sound.probe_devices(tell=False)  # is there a microphone to shout UNO into?

    def build(self) -> list[Control]:
        st = self.app.settings
        speeds = [(v, SPEED_LABELS.get(v, f"×{v}")) for v in ANIMATION_SPEEDS]
        volume = st.master_volume - st.master_volume % 10
        return [
            language_choice(self.app.set_language),
            Choice.make("animation_speed", N_("Animation speed"), speeds, st.animation_speed,
                        self._setter("animation_speed")),
            Choice.make("reduced_motion", N_("Reduced motion"), ON_OFF, st.reduced_motion,
                        self._setter("reduced_motion")),
            Choice.make("colour_blind_marks", N_("Colour-blind shapes"), ON_OFF,
                        st.colour_blind_marks, self._setter("colour_blind_marks")),
            Choice.make("highlight_playable", N_("Highlight playable cards"), ON_OFF,
                        st.highlight_playable, self._setter("highlight_playable")),
            Choice.make("sort_hand", N_("Sort my hand"), ON_OFF, st.sort_hand,
                        self._setter("sort_hand")),
            Choice.make("fullscreen", N_("Full screen"), ON_OFF, self.app.fullscreen,
                        self.app.set_fullscreen),
            Choice.make("master_volume", N_("Volume"), VOLUMES, volume,
                        self._setter("master_volume")),
            Choice.make("mute", "", MUTE, st.mute, self._setter("mute")),
            Choice.make("effects_volume", N_("Sound effects"), VOLUMES,
                        st.effects_volume - st.effects_volume % 10,
                        self._setter("effects_volume")),
            Choice.make("music_volume", N_("Music"), VOLUMES,
                        st.music_volume - st.music_volume % 10, self._setter("music_volume")),
            Choice.make("voice_volume", N_("Voice"), VOLUMES,
                        st.voice_volume - st.voice_volume % 10, self._setter("voice_volume")),
            Choice.make("narration", N_("Spoken announcements"), NARRATION, st.narration,
                        self._setter("narration")),
            *self._shout_controls(),
            self._phone_wait(),
            Button.make("back", N_("Done"), style="primary"),
        ]

    def _phone_wait(self) -> Choice:
        """The seconds a turn waits on a phone that is gone before the table offers to keep
        waiting, let the computer play it or take the seat at the keyboard."""
        st = self.app.settings
        waits = sorted({*PHONE_WAITS, st.phone_wait})
        return Choice.make("phone_wait", N_("Wait for a dropped phone"),
                           [(w, _(PHONE_WAIT_LABEL).format(seconds=w)) for w in waits],
                           st.phone_wait, self._setter("phone_wait"))

    # ------------------------------------------------------------------ shout UNO
    def _shout_controls(self) -> list[Control]:
        """"Shout UNO" and its calibration, on one row. Without a microphone the row says so
        and changes nothing."""
        st = self.app.settings
        mic = self._microphone is not False
        options = ON_OFF if mic else [(st.shout_uno, NO_MICROPHONE)]
        shout = Choice.make("shout_uno", N_("Shout UNO into the microphone"), options,
                            st.shout_uno, self._setter("shout_uno"))
        shout.enabled = mic
        calibrate = Button.make("calibrate", N_("Calibrate…"), enabled=mic)
        return [shout, calibrate]

    def rows(self) -> list[float]:
        return [0.0 if c.id in SIDE_BY_SIDE else 1.0 for c in self.controls]

    def place(self, controls: list[Control]) -> None:
        """Mute beside the volume, Calibrate beside "Shout UNO": each at the right of its
        owner's row, taking no row of its own."""
        ids = [c.id for c in controls]
        gap = int(self.gap * self.s)
        for side_id, owner_id in SIDE_BY_SIDE.items():
            if side_id not in ids or owner_id not in ids:
                continue
            owner, side = controls[ids.index(owner_id)], controls[ids.index(side_id)]
            side_w = int(owner.rect.width * 0.26)
            side.rect = pygame.Rect(owner.rect.right - side_w, owner.rect.top, side_w,
                                    owner.rect.height)
            owner.rect.width -= side_w + gap
            for c in controls[ids.index(side_id) + 1:]:
                c.rect.move_ip(0, -gap)  # the side control's row takes no room of its own

    def update(self, dt: float) -> bool:
        mic = self.app.sound.microphone
        if mic is not self._microphone:  # the look for a microphone is over
            self._microphone = mic
            self.relayout()
            return True
        return False

    def wakeup(self) -> float | None:
        return 0.1 if self.app.sound.microphone is None else None

    def _setter(self, key: str) -> Any:
        def apply(value: Any) -> None:
            setattr(self.app.settings, key, value)
            self.app.save_settings()
            if key in ("effects_volume", "master_volume") or (key == "mute" and not value):
                self.app.sound.play("click")  # how loud the effects are now
        return apply

    def on_press(self, control: str) -> None:
        if control == "back":
            self.app.pop()
        elif control == "calibrate":
            self.app.open(scenes.CALIBRATE)

    def test_state(self) -> dict[str, Any]:
        """Test hook: each setting's value as shown (see ``game.ui.testhooks``)."""
        return {c.id: c.value for c in self.controls if isinstance(c, Choice)}
