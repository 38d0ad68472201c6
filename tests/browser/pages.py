"""What the browser tests do to the board page: read it, play on it, scan it, photograph it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page, expect

from webapp.engine import CELL_IDS

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CELLS = CELL_IDS
# Seed 004's numpad layout: the digit that plays each cell.
NUMPAD_KEY = dict(zip(CELLS, "789456123", strict=True))
STALE = "This board has changed since the page was shown; nothing was played."
OCCUPIED = "This cell is occupied! Choose another one!"

_axe = Axe()


def submit(page: Page, action: Callable[[], None]) -> None:
    """Do ``action``, which submits a form, and wait for the page the redirect leads to."""
    with page.expect_navigation():
        action()


def click_cell(page: Page, cell_id: str) -> None:
    """Click the button of an empty cell, as a person with a mouse does."""
    submit(page, page.locator(f'button[data-cell="{cell_id}"]').click)


def click_button(page: Page, name: str) -> None:
    """Click a form button by its visible name (Next move, Play again, Start...)."""
    submit(page, page.get_by_role("button", name=name, exact=True).click)


def follow(page: Page, name: str) -> None:
    """Click a link by its accessible name and wait for the page it leads to."""
    submit(page, page.get_by_role("link", name=name, exact=True).click)


def open_move(page: Page, number: int) -> None:
    """Follow the move list's link to the board after move ``number`` (from 1)."""
    submit(page, page.locator("ol.moves li a").nth(number - 1).click)


def press(page: Page, key: str) -> None:
    """Press a key that submits a form, and wait for the next page."""
    submit(page, lambda: page.keyboard.press(key))


def status(page: Page) -> str:
    """The status line in the player's words: whose turn it is, or the result, with the mark
    in parentheses (``Player 1 to move (X)``, ``You win! (X)``, ``Draw``)."""
    line = page.locator("#status")
    expect(line).to_have_text(re.compile(r"\S"))
    return line.inner_text()


def marks(page: Page) -> str:
    """The board as nine characters of X, O and _ in reading order, as the page shows it."""
    board: str = page.locator("td.cell").evaluate_all(
        "cells => cells.map(c => c.classList.contains('mark-x') ? 'X'"
        " : c.classList.contains('mark-o') ? 'O' : '_').join('')"
    )
    return board


def playable(page: Page) -> list[str]:
    """The cells that have a button to click."""
    cells: list[str] = page.locator("button[data-cell]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.cell)"
    )
    return cells


def highlighted(page: Page) -> list[str]:
    """The cells drawn as the winning line."""
    cells: list[str] = page.locator("td.cell.win [data-cell]").evaluate_all(
        "els => els.map(e => e.dataset.cell)"
    )
    return cells


def background(page: Page, cell_id: str) -> str:
    """The computed background colour of a cell's square."""
    color: str = page.locator(f'td.cell:has([data-cell="{cell_id}"])').evaluate(
        "td => getComputedStyle(td).backgroundColor"
    )
    return color


def score(page: Page) -> dict[str, int]:
    """The score the page shows, by the mark each player has in this game.

    The page counts by seat (``data-seat``); the API says which seat plays which mark, so the
    tests can keep speaking of X and O.
    """
    seats = page.request.get("/api/game").json()["seats"]
    by_seat = {
        str(cell.get_attribute("data-seat")): int(cell.inner_text())
        for cell in page.locator("dl.score dd[data-seat]").all()
    }
    tally = {seat["mark"]: by_seat.get(seat["id"], 0) for seat in seats}
    tally["draw"] = int(page.locator("#score-draw").inner_text())
    return tally


def score_by_player(page: Page) -> dict[str, int]:
    """The score as the page shows it: wins by the name shown, and ``Draws``."""
    tally = {
        page.locator(f"dl.score dd[data-seat='{seat}']").locator("xpath=../dt").inner_text(): int(
            page.locator(f"dl.score dd[data-seat='{seat}']").inner_text()
        )
        for seat in ("1", "2")
    }
    tally["Draws"] = int(page.locator("#score-draw").inner_text())
    return tally


def players(page: Page) -> list[str]:
    """Who plays X and who plays O, as the players panel says."""
    return page.locator("dl.players dd").all_inner_texts()


def hinted(page: Page) -> list[str]:
    """The cells a hint marks as best moves."""
    cells: list[str] = page.locator("td.cell.hint [data-cell]").evaluate_all(
        "els => els.map(e => e.dataset.cell)"
    )
    return cells


def game_state(page: Page) -> dict[str, Any]:
    """The session's game as the JSON API tells it, without its (per-request) CSRF token."""
    game: dict[str, Any] = page.request.get("/api/game").json()
    game.pop("csrf_token")
    return game


def moves(page: Page) -> list[str]:
    """The move list, e.g. ``["X B2", "O A1"]``."""
    # Each entry is a replay link, shown as "X B2" (its accessible name adds what it opens).
    return [text.strip() for text in page.locator("ol.moves li").all_inner_texts()]


def messages(page: Page) -> list[str]:
    """The flashed messages shown above the board."""
    return page.locator(".messages .message").all_inner_texts()


def focused_cell(page: Page) -> str | None:
    """The cell id of the focused element, if the focus is on a cell."""
    cell: str | None = page.evaluate("document.activeElement?.dataset?.cell ?? null")
    return cell


def focused_name(page: Page) -> str:
    """The name of the focused element: its aria-label, else its text (a button's or link's),
    else a checkbox's label."""
    name: str = page.evaluate(
        "document.activeElement?.getAttribute('aria-label') ?? "
        "(document.activeElement?.labels?.[0] ?? document.activeElement)?.textContent?.trim() ?? ''"
    )
    return name


def horizontal_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than the window (0 means no sideways scrolling)."""
    overflow: int = page.evaluate(
        "document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
    )
    return overflow


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """What axe-core finds on the page, as ``id: help (nodes)`` reports."""
    found: list[dict[str, Any]] = _axe.run(page).response["violations"]
    return found


def describe(violations: list[dict[str, Any]]) -> str:
    """A readable list of axe violations, for assertion messages."""
    lines = []
    for violation in violations:
        targets = ", ".join(str(node["target"]) for node in violation["nodes"])
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return "\n".join(lines)


def screenshot(page: Page, name: str) -> Path:
    """Save the whole page as ``artifacts/<name>.png`` for a person to look at."""
    if page.locator("#status").count():
        status(page)  # the page is shown, its status line filled in
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=path, full_page=True)
    return path
