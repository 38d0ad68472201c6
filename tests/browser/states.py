"""The board states that several browser tests look at, each reached by playing in the page."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.pages import click_button, click_cell

# Hot seat: X takes the top row while O plays B1 and B2.
X_WINS_TOP_ROW = ("A1", "B1", "A2", "B2", "A3")
# Hot seat: a full board with no line.
DRAW = ("B2", "A1", "A3", "C1", "B1", "B3", "A2", "C2", "C3")


def play(page: Page, cells: tuple[str, ...]) -> None:
    """Click the cells in turn."""
    for cell_id in cells:
        click_cell(page, cell_id)


def new_board(page: Page) -> None:
    """A fresh hot-seat board."""
    page.goto("/")


def mid_game(page: Page) -> None:
    """Three moves into a hot-seat game."""
    page.goto("/")
    play(page, ("B2", "A1", "C3"))


def won_game(page: Page) -> None:
    """X has won along the top row; the line is highlighted."""
    page.goto("/")
    play(page, X_WINS_TOP_ROW)


def error_message(page: Page) -> None:
    """A stale click: another tab of the same session played first."""
    other = page.context.new_page()
    other.goto("/")
    page.goto("/")
    click_cell(other, "B2")
    click_cell(page, "A1")
    other.close()


def computers(page: Page) -> None:
    """Computer against computer, one move in, with its Next move and Play to the end buttons."""
    page.goto("/new")
    page.locator('input[name="x"][value="hard"]').check()
    page.locator('input[name="o"][value="easy"]').check()
    click_button(page, "Start")
    click_button(page, "Next move")


def setup_page(page: Page) -> None:
    """The New game form."""
    page.goto("/new")


def setup_error(page: Page) -> None:
    """The New game form refusing a position that cannot happen."""
    page.goto("/new")
    page.get_by_label("Start from a position").fill("XXXXXXXXX")
    click_button(page, "Start")


STATES: dict[str, Callable[[Page], None]] = {
    "new-board": new_board,
    "mid-game": mid_game,
    "won-game": won_game,
    "error-message": error_message,
    "computers": computers,
    "setup": setup_page,
    "setup-error": setup_error,
}
