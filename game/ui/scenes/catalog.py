"""What each scene key opens (see :mod:`game.ui.scenes`): loaded by the app, and each scene's
module imported only when that scene is first opened (the title does not load the table).
"""

from __future__ import annotations

from game.ui import scenes
from game.ui.scenes import Factory


def _title() -> Factory:
    from game.ui.scenes.title import TitleScene

    return TitleScene


def _setup() -> Factory:
    from game.ui.scenes.setup import SetupScene

    return SetupScene


def _settings() -> Factory:
    from game.ui.scenes.settings_scene import SettingsScene

    return SettingsScene


def _calibrate() -> Factory:
    from game.ui.scenes.calibrate import CalibrateScene

    return CalibrateScene


def _help() -> Factory:
    from game.ui.scenes.help import HelpScene

    return HelpScene


def _notice() -> Factory:
    from game.ui.scenes.notice import NoticeScene

    return NoticeScene


def _confirm() -> Factory:
    from game.ui.scenes.notice import ConfirmScene

    return ConfirmScene


def _matches() -> Factory:
    from game.ui.scenes.matches import SavedMatchesScene

    return SavedMatchesScene


def _stats() -> Factory:
    from game.ui.scenes.stats import StatsScene

    return StatsScene


def _demo() -> Factory:
    from game.ui.scenes.demo import TryMeScene

    return TryMeScene


def _table() -> Factory:
    from game.ui.table.scene import TableScene

    return TableScene


def _pause() -> Factory:
    from game.ui.table.pause import PauseScene

    return PauseScene


def _guide() -> Factory:
    from game.ui.guide.start import guided_hand

    return guided_hand


def _guide_leave() -> Factory:
    from game.ui.guide.dialogs import LeaveGuideScene

    return LeaveGuideScene


def _guide_offer() -> Factory:
    from game.ui.guide.dialogs import GuideOfferScene

    return GuideOfferScene


def _house_rules() -> Factory:
    from game.ui.scenes.house_setup import HouseRulesScene

    return HouseRulesScene


for _key, _loader in (
    (scenes.TITLE, _title), (scenes.SETUP, _setup), (scenes.SETTINGS, _settings),
    (scenes.CALIBRATE, _calibrate), (scenes.HELP, _help), (scenes.NOTICE, _notice),
    (scenes.CONFIRM, _confirm), (scenes.MATCHES, _matches), (scenes.STATS, _stats),
    (scenes.DEMO, _demo), (scenes.TABLE, _table), (scenes.PAUSE, _pause),
    (scenes.GUIDE, _guide), (scenes.GUIDE_LEAVE, _guide_leave),
    (scenes.GUIDE_OFFER, _guide_offer), (scenes.HOUSE_RULES, _house_rules),
):
    scenes.register_loader(_key, _loader)
