"""Layout in a real browser: a 320 px phone needs no sideways scrolling; dark mode applies."""

from __future__ import annotations

import pytest

from tests.browser.conftest import NewContext
from tests.browser.pages import background, horizontal_overflow, screenshot, status
from tests.browser.states import STATES, won_game

PHONE = {"width": 320, "height": 640}
TOUCH_TARGET = 44  # CSS pixels, WCAG 2.5.5


@pytest.mark.parametrize("state", STATES)
def test_phone_width_needs_no_sideways_scrolling(new_context: NewContext, state: str) -> None:
    page = new_context(viewport=PHONE).new_page()
    STATES[state](page)
    screenshot(page, f"{state}-320px")
    assert horizontal_overflow(page) <= 0
    for cell in page.locator("td.cell").all():
        box = cell.bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= TOUCH_TARGET


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colour_scheme_follows_the_system(new_context: NewContext, scheme: str) -> None:
    page = new_context(color_scheme=scheme).new_page()
    won_game(page)
    assert status(page) == "Player 1 wins (X)"
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert body == {"light": "rgb(247, 247, 244)", "dark": "rgb(21, 21, 21)"}[scheme]
    # The winning line still stands out: from the page, a mark off the line (B1, whose square
    # lets the page show through) and an empty cell (C3).
    line = background(page, "A1")
    assert line == background(page, "A3")
    assert line not in (body, background(page, "B1"), background(page, "C3"))
    screenshot(page, f"won-game-{scheme}-colours")
