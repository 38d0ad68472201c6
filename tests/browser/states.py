"""The board states that several browser tests look at, each reached by playing in the page."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.pages import click_button, click_cell, follow, open_move

# Hot seat: X takes the top row while O plays B1 and B2.
X_WINS_TOP_ROW = ("A1", "B1", "A2", "B2", "A3")
# Hot seat: a full board with no line.
DRAW = ("B2", "A1", "A3", "C1", "B1", "B3", "A2", "C2", "C3")
# X to move wins at once at A1 (the top row), and only there.
X_WINS_AT_A1 = "_XXOO_OX_"


def play(page: Page, cells: tuple[str, ...]) -> None:
    """Click the cells in turn."""
    for cell_id in cells:
        click_cell(page, cell_id)


def start(page: Page, x: str, o: str, position: str = "", toss: bool = False) -> None:
    """Start a game through the New game form: the players, a position, the coin toss."""
    page.goto("/new")
    page.locator(f'input[name="x"][value="{x}"]').check()
    page.locator(f'input[name="o"][value="{o}"]').check()
    page.get_by_label("Start from a position").fill(position)
    page.get_by_label("Toss a coin for who plays X").set_checked(toss)
    click_button(page, "Start")


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
    start(page, "hard", "easy")
    click_button(page, "Next move")


def setup_page(page: Page) -> None:
    """The New game form."""
    page.goto("/new")


def setup_error(page: Page) -> None:
    """The New game form refusing a position that cannot happen."""
    page.goto("/new")
    page.get_by_label("Start from a position").fill("XXXXXXXXX")
    click_button(page, "Start")


def hint(page: Page) -> None:
    """A hot-seat position with the hint shown: X wins at A1."""
    start(page, "user", "user", X_WINS_AT_A1)
    follow(page, "Hint")


def after_undo(page: Page) -> None:
    """Against `hard`: two moves each, then Undo took back the computer's reply and X C3."""
    start(page, "user", "hard")
    click_cell(page, "A1")  # hard's only reply that does not lose is B2
    click_cell(page, "C3")
    click_button(page, "Undo")


def replay_end(page: Page) -> None:
    """The replay of a won hot-seat game at its last move: Next and Last are not links."""
    won_game(page)
    open_move(page, len(X_WINS_TOP_ROW))


def shared_setup(page: Page) -> None:
    """The New game form as a Share link of a game against `hard` fills it in."""
    start(page, "user", "hard")
    click_cell(page, "B2")
    follow(page, "Share this position")


STATES: dict[str, Callable[[Page], None]] = {
    "new-board": new_board,
    "mid-game": mid_game,
    "won-game": won_game,
    "error-message": error_message,
    "computers": computers,
    "setup": setup_page,
    "setup-error": setup_error,
    "hint": hint,
    "after-undo": after_undo,
    "replay-end": replay_end,
    "shared-setup": shared_setup,
}
