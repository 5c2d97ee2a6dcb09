"""Locate the game's read-only resources (``assets/``, ``locale/``) from source and from the bundle.

Every resource is looked up through :func:`resource_path`, so the same code works in a checkout
(``python -m game``, editable install) and in the PyInstaller one-file executable, which unpacks
its data next to the code in ``sys._MEIPASS``.
"""

from __future__ import annotations

import sys
from os import PathLike
from pathlib import Path

__all__ = ["resource_path", "resource_root"]

#: The checkout's root: the folder that holds ``game/``, ``assets/`` and ``locale/``.
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def resource_root() -> Path:
    """The folder holding ``assets/`` and ``locale/``: the bundle's unpack folder when frozen,
    else the project root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return _SOURCE_ROOT


def resource_path(*parts: str | PathLike[str]) -> Path:
    """Path of a resource, given relative to the resource root, e.g.
    ``resource_path("assets", "cards.png")`` or ``resource_path("locale")``.

    The path is not checked for existence. Absolute parts and ``..`` are refused, so a resource
    can never point outside the root (and cannot silently bypass the bundle).
    """
    relative = Path(*parts)
    if relative.is_absolute() or ".." in relative.parts:
        raise ValueError(f"resource path must be relative and inside the root: {relative}")
    return resource_root() / relative
