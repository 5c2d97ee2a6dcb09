"""``python -m game`` and the bundled executable start here."""

from game.cli import main

raise SystemExit(main())
