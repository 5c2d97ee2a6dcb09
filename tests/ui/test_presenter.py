"""The presenter: events become animations; the model ends equal to the view."""

from __future__ import annotations

from game.rules import events as E
from game.rules.cards import Card, parse_cards
from game.ui.app import App
from game.ui.table.presenter import dealt_hands
from tests.ui.conftest import fresh_table, pump


def test_dealt_hand_is_worked_back_from_the_final_hand() -> None:
    r5, g7, b1, w = (Card.parse(x) for x in ("R5", "G7", "B1", "W"))
    events = [E.HandStarted(1, 0, (0, 1)), E.FirstCard(b1),
              E.CardsDrawn(0, (g7, w), "first_card", 2), E.CardPlayed(1, r5)]
    dealt = dealt_hands(events, 0, [r5, g7, w, b1])
    assert sorted(dealt[0]) == sorted([r5, b1])
    assert dealt_hands(events, None, []) == {}


def test_at_speed_one_the_deal_takes_time_and_ends_in_sync(app: App) -> None:
    app.settings.animation_speed = 1.0
    table = fresh_table(app, kinds="HAAA", seed=9)
    app.frame(1 / 60)
    assert table.presenter.animating and len(table.model.hand) < 7  # cards still in the air
    pump(app, until=lambda: table.presenter.idle, timeout=20)
    view = table.session.view(0)
    assert sorted(table.model.hand) == sorted(view.hand)
    assert table.model.counts == list(view.hand_sizes)
    assert table.model.discard[-1] == view.discard[-1]


def test_reduced_motion_keeps_cards_still(app: App) -> None:
    app.settings.animation_speed = 1.0
    app.settings.reduced_motion = True
    table = fresh_table(app, kinds="HAAA", seed=9)
    pump(app, 0.3)
    flying = [sp for sp in table.presenter.sprites if hasattr(sp, "still")]
    assert flying and all(sp.still for sp in flying)


def test_speed_zero_presents_everything_at_once(app: App) -> None:
    table = fresh_table(app, kinds="HAAA", seed=9)
    app.frame(1 / 60)
    assert table.presenter.idle or table.session.to_act != 0
    assert sorted(table.model.hand) == sorted(parse_cards(
        " ".join(map(str, table.session.view(0).hand))))
