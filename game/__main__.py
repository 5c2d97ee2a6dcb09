"""``python -m game`` and the bundled executable start here."""

import multiprocessing

from game.cli import main

if __name__ == "__main__":
    # The speech worker is a child process: in the frozen bundle it must not start a
    # second copy of the game.
    multiprocessing.freeze_support()
    raise SystemExit(main())
