"""QR codes of the join links, made by segno (no encoder of our own): as a matrix of dark
modules for the table to draw with its own shapes, or as PNG bytes."""

from __future__ import annotations

import io

import segno


def qr_matrix(url: str, border: int = 2) -> tuple[tuple[bool, ...], ...]:
    """``url``'s QR code, rows of modules (``True``: dark), with a quiet zone of
    ``border`` modules (4 is the standard's; a code drawn on a light panel reads with 2)."""
    code = segno.make(url, error="m", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix_iter(border=border))


def qr_png(url: str, scale: int = 8, border: int = 4) -> bytes:
    """``url``'s QR code as a PNG, ``scale`` pixels a module."""
    buf = io.BytesIO()
    segno.make(url, error="m", micro=False).save(buf, kind="png", scale=scale, border=border)
    return buf.getvalue()
