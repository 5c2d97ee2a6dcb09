"""Command-line tools beside the game (each one runs with ``python -m game.tools.<name>``).

- ``sim``          simulate many games of an edition with chosen bots, as JSON
- ``arena``        bots against bots, with a confidence interval (``arena_tally``: the counts)
- ``position``     read, check and write the one-line position text form
- ``selfcheck``    speech and audio diagnostics (``python -m game --selfcheck``)
- ``desktop``      the Linux menu entry and icon (``make desktop``)
"""
