"""The editions, one package each: ``game/editions/<name>/``, one module per layer.

- ``rules.py``: the engine part (cards, decisions, actions, the device's state, public view
  and text form), pure like :mod:`game.rules`, compiled with it; a module of its own beside
  it is engine code too (Triple Play's ``trays.py``);
- ``voice.py``: its phrases, log lines and choice declarations;
- ``table.py`` or ``table/``: its presenter handlers, device layer, dialogs, card faces,
  set-up section and sounds.

Each module registers with its own layer's registry; this package and each edition's
``__init__`` import nothing, so the engine loads ``rules`` without pygame or gettext.
"""
