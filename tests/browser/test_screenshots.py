"""The pictures in docs/: four states of the game drawn by Chromium, and the README's
screenshot among them. A test run draws them into tests/browser/artifacts/docs/ and checks
them; ``make screenshots`` (SCREENSHOTS_DIR=docs) draws them over the ones in docs/."""

from __future__ import annotations

import os
import shutil
import struct
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import NewContext
from tests.browser.pages import ARTIFACTS
from tests.browser.states import X_WINS_TOP_ROW, play, start

ROOT = Path(__file__).resolve().parents[2]
# Laid out as docs/ is: screenshot.png, and screenshots/<scene>.png. A relative
# SCREENSHOTS_DIR is taken from the project's root.
DOCS = ROOT / os.environ.get("SCREENSHOTS_DIR", ARTIFACTS / "docs")
SHOTS = DOCS / "screenshots"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 320, "height": 640}
# Against hard, every reply here is forced (the centre against a corner, then two blocks), so
# the picture is the same on every run.
AGAINST_HARD = ("A1", "A2", "C1")


def _new_board(page: Page) -> None:
    page.goto("/")


def _mid_game_against_hard(page: Page) -> None:
    start(page, "user", "hard")
    play(page, AGAINST_HARD)


def _a_win(page: Page) -> None:
    page.goto("/")
    play(page, X_WINS_TOP_ROW)


# name: (viewport, colour scheme, how to get there)
SCENES: dict[str, tuple[dict[str, int], str, Callable[[Page], None]]] = {
    "new-board": (DESKTOP, "light", _new_board),
    "mid-game-against-hard": (DESKTOP, "light", _mid_game_against_hard),
    "a-win": (DESKTOP, "light", _a_win),
    "320px-dark": (PHONE, "dark", _mid_game_against_hard),
}


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of the PNG at ``path``, read from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.mark.parametrize("scene", SCENES)
def test_the_pictures_in_docs_are_drawn_from_the_game(new_context: NewContext, scene: str) -> None:
    viewport, scheme, reach = SCENES[scene]
    page = new_context(viewport=viewport, color_scheme=scheme, reduced_motion="reduce").new_page()
    reach(page)
    page.wait_for_timeout(300)  # keys.js has read the status out (it blanked it, once)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{scene}.png"
    page.screenshot(path=str(path))  # the first screen, as a newcomer sees it
    assert png_size(path) == (viewport["width"], viewport["height"])
    assert path.stat().st_size > 10_000  # a drawn page, not a blank one
    if scene == "mid-game-against-hard":
        shutil.copyfile(path, DOCS / "screenshot.png")  # the README's picture
