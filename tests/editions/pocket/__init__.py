"""UNO Pocket: an edition that is a plug-in package of the tests (see :mod:`.rules`)."""

from tests.editions.pocket.rules import NAME, install, uninstall

__all__ = ["NAME", "install", "uninstall"]
