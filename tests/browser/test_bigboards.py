"""5x5 and 7x7 in a real browser: chosen on the New game form, played by clicking, fitting a
320 px phone without sideways scrolling (7x7's cells at least 40 px), and axe finds nothing."""

from __future__ import annotations

import pytest

from tests.browser.conftest import NewContext
from tests.browser.pages import (
    axe_violations,
    click_button,
    click_cell,
    describe,
    horizontal_overflow,
    marks,
    screenshot,
)

PHONE = {"width": 320, "height": 640}
SMALLEST_CELL = 40  # CSS pixels: 7 cells and their lines fit 320 px


@pytest.mark.parametrize(("board", "cells"), [("5x5", 25), ("7x7", 49)])
def test_a_large_board_fits_a_phone_and_axe_finds_nothing(
    new_context: NewContext, board: str, cells: int
) -> None:
    page = new_context(viewport=PHONE).new_page()
    page.goto("/new")
    page.locator(f'input[name="board"][value="{board}"]').check()
    click_button(page, "Start")
    click_cell(page, "C3")
    click_cell(page, "E5")
    assert marks(page).count("X") == 1 and marks(page).count("O") == 1
    screenshot(page, f"board-{board}-320px")
    assert horizontal_overflow(page) <= 0
    boxes = [cell.bounding_box() for cell in page.locator("td.cell").all()]
    assert len(boxes) == cells
    assert min(min(box["width"], box["height"]) for box in boxes if box) >= SMALLEST_CELL
    violations = axe_violations(page)
    assert violations == [], describe(violations)
