"""Whole games played with the mouse in Chromium, with JavaScript on and off."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewContext
from tests.browser.pages import (
    OCCUPIED,
    STALE,
    background,
    click_button,
    click_cell,
    highlighted,
    marks,
    messages,
    moves,
    playable,
    score,
    status,
)
from tests.browser.states import DRAW, X_WINS_TOP_ROW, play, start

# The person's moves against `hard`: the first cell of the list still empty, or a random one.
SCRIPTED = {
    "corners": ("A1", "C3", "A3", "C1", "B2", "A2", "B1", "B3", "C2"),
    "centre": ("B2", "A1", "C3", "A3", "C1", "A2", "B1", "B3", "C2"),
    "edges": ("A2", "B1", "B3", "C2", "B2", "A1", "A3", "C1", "C3"),
    "random": (),
}


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def page(request: pytest.FixtureRequest, new_context: NewContext) -> Page:
    """A tab in a fresh context: once with JavaScript, once without."""
    return new_context(java_script_enabled=request.param).new_page()


def play_out(page: Page, rng: random.Random, preferred: tuple[str, ...] = ()) -> None:
    """Play the person's moves until the game ends: preferred cells first, else at random."""
    while cells := playable(page):
        choice = next((cell for cell in preferred if cell in cells), None)
        click_cell(page, choice or rng.choice(cells))


def test_hot_seat_game_won_by_x(page: Page) -> None:
    page.goto("/")
    assert (status(page), marks(page)) == ("X to move", "_" * 9)
    assert score(page) == {"X": 0, "O": 0, "draw": 0}

    play(page, X_WINS_TOP_ROW)

    assert status(page) == "X wins"
    assert marks(page) == "XXXOO____"
    assert highlighted(page) == ["A1", "A2", "A3"]
    assert background(page, "A1") == background(page, "A3") != background(page, "B1")
    assert playable(page) == []
    assert moves(page) == ["X A1", "O B1", "X A2", "O B2", "X A3"]
    assert score(page) == {"X": 1, "O": 0, "draw": 0}


def test_hot_seat_draw(page: Page) -> None:
    page.goto("/")
    play(page, DRAW)
    assert (status(page), marks(page)) == ("Draw", "OXXXXOOOX")
    assert highlighted(page) == []
    assert score(page) == {"X": 0, "O": 0, "draw": 1}


def test_hard_computer_never_loses(page: Page) -> None:
    start(page, "user", "hard")
    rng = random.Random(20240611)
    for attempt, preferred in enumerate(SCRIPTED.values(), start=1):
        play_out(page, rng, preferred)
        assert status(page) in ("Draw", "O wins"), moves(page)
        tally = score(page)
        assert (tally["X"], tally["O"] + tally["draw"]) == (0, attempt)
        click_button(page, "Play again")
    assert (status(page), marks(page)) == ("X to move (you)", "_" * 9)


def test_computer_starts_as_x(page: Page) -> None:
    start(page, "hard", "user")
    assert status(page) == "O to move (you)"
    assert marks(page).count("X") == 1 and "O" not in marks(page)
    assert len(moves(page)) == 1 and len(playable(page)) == 8
    play_out(page, random.Random(7))
    assert status(page) in ("Draw", "X wins")
    assert score(page)["O"] == 0


def test_computer_against_computer_move_by_move(page: Page) -> None:
    start(page, "hard", "hard")
    assert status(page) == "X to move (computer, hard)"
    assert playable(page) == []
    for ply in range(1, 10):
        click_button(page, "Next move")
        assert len(moves(page)) == ply
    assert status(page) == "Draw"  # perfect play on both sides
    assert page.get_by_role("button", name="Next move").count() == 0
    assert page.get_by_role("button", name="Play again").count() == 1


def test_computer_against_computer_to_the_end(page: Page) -> None:
    start(page, "easy", "hard")
    click_button(page, "Play to the end")
    assert status(page) in ("Draw", "O wins")
    assert page.get_by_role("button", name="Play to the end").count() == 0
    assert sum(score(page).values()) == 1
    click_button(page, "Play again")
    assert (status(page), moves(page)) == ("X to move (computer, easy)", [])


def test_stale_click_in_another_tab_plays_nothing(page: Page) -> None:
    other = page.context.new_page()
    page.goto("/")
    other.goto("/")
    click_cell(page, "B2")
    click_cell(other, "A1")  # that tab still shows the empty board
    assert messages(other) == [STALE]
    assert (marks(other), status(other)) == ("____X____", "O to move")
    other.reload()
    assert messages(other) == []  # shown once


def test_occupied_cell_plays_nothing(page: Page) -> None:
    page.goto("/")
    click_cell(page, "B2")
    # The page offers no button for B2 any more; a hand-edited form still sends it.
    page.locator('button[data-cell="A1"]').evaluate("button => { button.value = 'B2'; }")
    click_cell(page, "A1")
    assert messages(page) == [OCCUPIED]
    assert (marks(page), status(page)) == ("____X____", "O to move")


def test_new_game_through_the_setup_form(page: Page) -> None:
    page.goto("/")
    click_cell(page, "B2")
    page.get_by_role("navigation").get_by_role("link", name="New game").click()
    page.wait_for_url("**/new")
    page.get_by_role("group", name="X is played by").get_by_label("a person").check()
    page.get_by_role("group", name="O is played by").get_by_label("the computer, medium").check()
    click_button(page, "Start")

    assert (status(page), marks(page)) == ("X to move (you)", "_" * 9)
    assert page.locator("dl.players dd").all_inner_texts() == ["You", "Computer (medium)"]
    click_cell(page, "B2")
    assert len(moves(page)) == 2 and marks(page)[4] == "X" and marks(page).count("O") == 1


def test_new_game_from_a_position(page: Page) -> None:
    start(page, "user", "user", position="_XXOO_OX_")
    assert (status(page), marks(page)) == ("X to move", "_XXOO_OX_")
    click_cell(page, "A1")
    assert (status(page), highlighted(page)) == ("X wins", ["A1", "A2", "A3"])


def test_play_again_keeps_players_and_score(page: Page) -> None:
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    click_button(page, "Play again")
    assert (status(page), marks(page), moves(page)) == ("X to move", "_" * 9, [])
    assert score(page) == {"X": 1, "O": 0, "draw": 0}
    assert page.get_by_role("button", name="Play again").count() == 0
    play(page, DRAW)
    assert score(page) == {"X": 1, "O": 0, "draw": 1}


def test_the_computers_answer_is_announced(page: Page) -> None:
    start(page, "user", "hard")
    click_cell(page, "B2")
    reply = moves(page)[-1].split()[-1]
    expect(page.locator("#last-move")).to_have_text(f"The computer (hard) played {reply}.")
    assert page.locator("#last-move").get_attribute("role") == "status"
