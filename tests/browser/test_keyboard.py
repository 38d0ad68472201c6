"""Keyboard play: Tab and Enter/Space everywhere, and keys.js's digits, arrows and focus."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewContext
from tests.browser.pages import (
    NUMPAD_KEY,
    click_cell,
    focused_cell,
    focused_name,
    highlighted,
    marks,
    moves,
    players,
    press,
    score_by_player,
    screenshot,
    status,
)
from tests.browser.states import DRAW, X_WINS_AT_A1, X_WINS_TOP_ROW, start

# Records every text the status line and the hidden live region #announce show, from the
# first parsed byte on.
RECORD_STATUS = """
window.statusTexts = [];
window.announceTexts = [];
new MutationObserver(() => {
  for (const [id, texts] of [["status", window.statusTexts], ["announce", window.announceTexts]]) {
    const line = document.getElementById(id);
    const text = line ? line.textContent.trim() : null;
    if (line && texts.at(-1) !== text) texts.push(text);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def tab_to(page: Page, cell_id: str, key: str = "Tab", limit: int = 40) -> None:
    """Press Tab (or Shift+Tab) until the focus is on ``cell_id``."""
    for _ in range(limit):
        page.keyboard.press(key)
        if focused_cell(page) == cell_id:
            return
    raise AssertionError(f"{key} never reached {cell_id}")


def tab_to_button(page: Page, name: str, limit: int = 40) -> None:
    """Press Tab until the focus is on the button (or link, or checkbox) called ``name``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused_name(page) == name:
            return
    raise AssertionError(f"Tab never reached {name}")


def focus_ring_shown(page: Page) -> bool:
    """Whether the focused element draws its focus ring (:focus-visible)."""
    shown: bool = page.evaluate("document.activeElement.matches(':focus-visible')")
    return shown


def scroll_top(page: Page) -> int:
    """How far the page is scrolled down, in CSS pixels."""
    top: int = page.evaluate("document.scrollingElement.scrollTop")
    return top


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_full_game_with_tab_enter_and_space(new_context: NewContext, javascript: bool) -> None:
    page = new_context(java_script_enabled=javascript).new_page()
    page.goto("/")
    # X takes the top row; O's moves are reached backwards with Shift+Tab and played with Space.
    for cell_id, key, activate in [
        ("A1", "Tab", "Enter"),
        ("B1", "Shift+Tab", "Space"),
        ("A2", "Tab", "Enter"),
        ("B2", "Shift+Tab", "Space"),
        ("A3", "Tab", "Enter"),
    ]:
        tab_to(page, cell_id, key)
        press(page, activate)
        if javascript:
            assert focused_cell(page) == cell_id  # keys.js put the focus back where play was
    assert (status(page), highlighted(page)) == ("Player 1 wins (X)", ["A1", "A2", "A3"])

    tab_to_button(page, "Play again")
    press(page, "Enter")
    assert (status(page), marks(page)) == ("Player 1 to move (X)", "_" * 9)


def test_digits_play_in_numpad_layout(page: Page) -> None:
    page.goto("/")
    assert page.locator("#keys-note").is_visible()
    # X plays the middle row: B2 (5), B1 (4), B3 (6); O plays A1 (7) and C1 (1).
    for cell_id in ("B2", "A1", "B1", "C1", "B3"):
        press(page, NUMPAD_KEY[cell_id])
        assert focused_cell(page) == cell_id
    assert moves(page) == ["X B2", "O A1", "X B1", "O C1", "X B3"]
    assert (status(page), highlighted(page)) == ("Player 1 wins (X)", ["B1", "B2", "B3"])


def test_every_digit_names_its_cell(page: Page) -> None:
    page.goto("/")
    for cell_id in DRAW:  # all nine cells, no line before the last
        press(page, NUMPAD_KEY[cell_id])
        assert moves(page)[-1].endswith(cell_id)
    assert (status(page), marks(page)) == ("Draw", "OXXXXOOOX")


def test_digit_of_an_occupied_cell_only_moves_the_focus(page: Page) -> None:
    page.goto("/")
    press(page, "5")
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.method))
    page.keyboard.press("5")  # B2 is taken: nothing is sent
    assert focused_cell(page) == "B2"
    press(page, "3")
    assert posts.count("POST") == 1 and moves(page) == ["X B2", "O C3"]


def test_arrow_keys_visit_every_cell(page: Page) -> None:
    page.goto("/")
    press(page, "5")
    assert focused_cell(page) == "B2"
    assert page.locator('span[data-cell="B2"]').get_attribute("tabindex") == "-1"
    path = [
        ("ArrowRight", "B3"),
        ("ArrowRight", "B3"),  # the edge: the focus stays
        ("ArrowUp", "A3"),
        ("ArrowLeft", "A2"),
        ("ArrowLeft", "A1"),
        ("ArrowDown", "B1"),
        ("ArrowDown", "C1"),
        ("ArrowDown", "C1"),
        ("ArrowRight", "C2"),
        ("ArrowUp", "B2"),  # the occupied cell is visited too
        ("ArrowRight", "B3"),
    ]
    # The whole grid in view (the mode bar above it may push its last row below the window, and
    # focusing a cell scrolls it into view, as it should); the page is still taller than the
    # window, so an arrow key left to the browser would scroll it.
    page.evaluate("document.querySelector('[data-cell=\"C3\"]').scrollIntoView({block: 'nearest'})")
    top = scroll_top(page)
    assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight")
    for key, cell_id in path:
        page.keyboard.press(key)
        assert focused_cell(page) == cell_id, key
        assert scroll_top(page) == top, key  # arrows did not scroll
        if cell_id == "B2":
            assert focus_ring_shown(page)
            screenshot(page, "arrow-focus-on-an-occupied-cell")
    press(page, "Enter")
    assert moves(page) == ["X B2", "O B3"]


def test_focus_returns_and_status_is_read_again_after_a_click(page: Page) -> None:
    page.add_init_script(RECORD_STATUS)
    page.goto("/")
    click_cell(page, "C2")
    assert focused_cell(page) == "C2"
    assert not focus_ring_shown(page)  # a mouse player gets no ring
    assert status(page) == "Player 2 to move (O)"
    # The visible line never blinks; the hidden live region is filled once the page is shown,
    # so a screen reader reads the new status.
    assert page.locator("#announce").get_attribute("role") == "status"
    expect(page.locator("#announce")).to_have_text("Player 2 to move (O)")
    assert page.evaluate("window.announceTexts") == ["", "Player 2 to move (O)"]
    assert page.evaluate("window.statusTexts") == ["Player 2 to move (O)"]
    press(page, "1")
    assert focused_cell(page) == "C1" and focus_ring_shown(page)


def test_next_move_button_keeps_the_focus(page: Page) -> None:
    page.goto("/new")
    page.locator('input[name="x"][value="hard"]').check()
    page.locator('input[name="o"][value="hard"]').check()
    press(page, "Enter")  # in the form: submits it
    assert focused_cell(page) == "A1"  # after the setup form, the focus starts on the board
    tab_to_button(page, "Next move")
    for ply in range(1, 9):
        press(page, "Enter")
        assert (len(moves(page)), focused_name(page)) == (ply, "Next move")
    press(page, "Enter")
    assert status(page) == "Draw"
    assert focused_cell(page) == "A1"  # the button is gone: back to the board


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_keys_note_only_when_the_script_runs(new_context: NewContext, javascript: bool) -> None:
    page = new_context(java_script_enabled=javascript).new_page()
    page.goto("/")
    assert page.locator("#keys-note").is_visible() is javascript


def test_hint_and_undo_with_tab_and_enter(page: Page) -> None:
    page.goto("/")
    press(page, "5")
    press(page, "1")
    tab_to_button(page, "Hint")
    press(page, "Enter")
    assert page.locator("#hint").is_visible() and page.url.endswith("/?hint=1")
    tab_to_button(page, "Hide hint")
    press(page, "Enter")
    assert page.locator("#hint").count() == 0

    tab_to_button(page, "Undo")
    press(page, "Enter")
    assert (moves(page), focused_name(page)) == (["X B2"], "Undo")  # ready to undo again
    press(page, "Enter")
    assert moves(page) == [] and page.get_by_role("button", name="Undo").is_disabled()
    assert focused_cell(page) == "A1"  # Undo is disabled now: the focus goes to the board


def test_a_hint_asked_with_the_keyboard_is_read_out(page: Page) -> None:
    start(page, "user", "user", X_WINS_AT_A1)
    tab_to_button(page, "Hint")
    press(page, "Enter")
    hint = page.locator("#hint")
    expect(hint).to_have_text("With best play: X wins in 1 move. Best move: A1.")
    # The hint must reach a screen reader: the focus taken to it (as the link's #hint
    # fragment used to), or the live region #announce saying it (as after a move).
    page.wait_for_timeout(300)  # longer than keys.js waits before it fills #announce
    on_hint = page.evaluate("document.getElementById('hint').contains(document.activeElement)")
    announced = page.locator("#announce").inner_text()
    active = page.evaluate("document.activeElement.tagName")
    assert on_hint or "X wins in 1 move" in announced, (
        f"the focus is on <{active.lower()}> and #announce says {announced!r}"
    )


def test_replay_and_share_with_tab_and_enter(page: Page) -> None:
    page.goto("/")
    press(page, "5")
    press(page, "1")
    # The accessible name, as Chromium computes it: no stray space before the colon.
    assert page.get_by_role("link", name="X B2: the board after this move", exact=True).count() == 1
    tab_to_button(page, "X B2: the board after this move")
    press(page, "Enter")
    assert "/replay/1?game=" in page.url and marks(page) == "____X____"
    tab_to_button(page, "Next")
    press(page, "Enter")
    assert "/replay/2?game=" in page.url and marks(page) == "____X_O__"
    tab_to_button(page, "Back to the live game")
    press(page, "Enter")
    assert page.url.endswith("/") and moves(page) == ["X B2", "O C1"]

    tab_to_button(page, "Share this position")
    press(page, "Enter")
    assert page.get_by_label("Start from a position").input_value() == "____X_O__"
    toss = page.get_by_label("Toss a coin for who plays X")
    tab_to_button(page, "Toss a coin for who plays X")
    page.keyboard.press("Space")
    assert toss.is_checked()
    page.keyboard.press("Space")
    assert not toss.is_checked()
    tab_to_button(page, "Start")
    press(page, "Enter")
    assert (marks(page), moves(page), status(page)) == (
        "____X_O__",
        [],
        "Player 1 to move (X)",
    )
    assert focused_cell(page) == "A1"


def test_swap_sides_and_reset_score_with_tab_and_enter(page: Page) -> None:
    page.goto("/")  # from the empty board: a game from a chosen position would not count
    for cell_id in X_WINS_TOP_ROW:
        press(page, NUMPAD_KEY[cell_id])
    assert status(page) == "Player 1 wins (X)"
    tab_to_button(page, "Swap sides")
    press(page, "Enter")
    assert (players(page), marks(page)) == (["Player 2", "Player 1"], "_" * 9)
    assert score_by_player(page)["Player 1"] == 1
    tab_to_button(page, "Reset score")
    press(page, "Enter")
    assert score_by_player(page) == {"Player 1": 0, "Player 2": 0, "Draws": 0}
    assert focused_name(page) == "Reset score"
