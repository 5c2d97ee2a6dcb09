"""The page's own files (issue 33, "Who may join"): plain HTML, CSS and JavaScript with no
inline script or style and no HTML built from strings, so that a name typed on one phone is
only ever text on another, under the server's strict Content-Security-Policy."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "game" / "phone" / "static"


def test_the_page_has_no_inline_script_style_or_handler() -> None:
    html = (STATIC / "index.html").read_text("utf-8")
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="/' in attrs and not body.strip() for attrs, body in scripts)
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"\son[a-z]+\s*=", html), "an inline event handler"
    assert "javascript:" not in html


def test_the_script_inserts_text_only_and_builds_no_code() -> None:
    js = (STATIC / "phone.js").read_text("utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                 "new Function", "setTimeout('", 'setTimeout("'):
        assert sink not in js, sink
    assert "textContent" in js


def test_the_script_knows_no_rule_of_the_game() -> None:
    """What a choice is comes from the table's description: no edition, decision or card
    is named in the script (it reads widget kinds and slots only)."""
    js = (STATIC / "phone.js").read_text("utf-8")
    for word in ("wild", "draw_two", "reverse", "skip", "launcher", "tray:", "play:",
                 "colour:", "challenge", "seven", "official", "attack", "triple", "roboto",
                 "sonic"):
        assert word not in js.lower(), word
