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
def javascript(request: pytest.FixtureRequest) -> bool:
    """Whether the browser runs the page's script: every test here runs both ways."""
    return bool(request.param)


@pytest.fixture
def page(new_context: NewContext, javascript: bool) -> Page:
    """A tab in a fresh context: once with JavaScript, once without."""
    return new_context(java_script_enabled=javascript).new_page()


def play_out(page: Page, rng: random.Random, preferred: tuple[str, ...] = ()) -> None:
    """Play the person's moves until the game ends: preferred cells first, else at random."""
    while cells := playable(page):
        choice = next((cell for cell in preferred if cell in cells), None)
        click_cell(page, choice or rng.choice(cells))


def test_hot_seat_game_won_by_x(page: Page) -> None:
    page.goto("/")
    assert (status(page), marks(page)) == ("Player 1 to move (X)", "_" * 9)
    assert score(page) == {"X": 0, "O": 0, "draw": 0}

    play(page, X_WINS_TOP_ROW)

    assert status(page) == "Player 1 wins (X)"
    assert page.title() == "Player 1 wins (X) · Tic-tac-toe"
    assert marks(page) == "XXXOO____"
    assert highlighted(page) == ["A1", "A2", "A3"]
    assert background(page, "A1") == background(page, "A3") != background(page, "B1")
    assert background(page, "A1") != background(page, "C3")  # nor like an empty cell
    # The marks are drawings: a screen reader hears each cell's name, the last move's too.
    expect(page.locator('[data-cell="A3"]')).to_have_text("A3, X, last move, winning line")
    expect(page.locator('[data-cell="B1"]')).to_have_text("B1, O")
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
        assert status(page) in ("Draw", "The computer wins (O)"), moves(page)
        tally = score(page)
        assert (tally["X"], tally["O"] + tally["draw"]) == (0, attempt)
        click_button(page, "Play again")
    assert (status(page), marks(page)) == ("Your turn (X)", "_" * 9)


def test_computer_starts_as_x(page: Page) -> None:
    start(page, "hard", "user")
    assert status(page) == "Your turn (O)"
    assert marks(page).count("X") == 1 and "O" not in marks(page)
    assert len(moves(page)) == 1 and len(playable(page)) == 8
    play_out(page, random.Random(7))
    assert status(page) in ("Draw", "The computer wins (X)")
    assert score(page)["O"] == 0


def test_computer_against_computer_move_by_move(page: Page) -> None:
    start(page, "hard", "hard")
    assert status(page) == "Computer 1 to move (X)"  # two computers at one level
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
    assert status(page) in ("Draw", "Computer (hard) wins (O)")
    assert page.get_by_role("button", name="Play to the end").count() == 0
    assert sum(score(page).values()) == 1
    click_button(page, "Play again")
    assert (status(page), moves(page)) == ("Computer (easy) to move (X)", [])


def test_stale_click_in_another_tab_plays_nothing(page: Page) -> None:
    other = page.context.new_page()
    page.goto("/")
    other.goto("/")
    click_cell(page, "B2")
    click_cell(other, "A1")  # that tab still shows the empty board
    assert messages(other) == [STALE]
    assert (marks(other), status(other)) == ("____X____", "Player 2 to move (O)")
    other.reload()
    assert messages(other) == []  # shown once


def test_occupied_cell_plays_nothing(page: Page) -> None:
    page.goto("/")
    click_cell(page, "B2")
    # The page offers no button for B2 any more; a hand-edited form still sends it.
    page.locator('button[data-cell="A1"]').evaluate("button => { button.value = 'B2'; }")
    click_cell(page, "A1")
    assert messages(page) == [OCCUPIED]
    assert (marks(page), status(page)) == ("____X____", "Player 2 to move (O)")


def test_new_game_through_the_setup_form(page: Page) -> None:
    page.goto("/")
    click_cell(page, "B2")
    page.get_by_role("navigation").get_by_role("link", name="New game").click()
    page.wait_for_url("**/new")
    page.get_by_role("group", name="X is played by").get_by_label("a person").check()
    page.get_by_role("group", name="O is played by").get_by_label("the computer, medium").check()
    click_button(page, "Start")

    assert (status(page), marks(page)) == ("Your turn (X)", "_" * 9)
    assert page.locator("dl.players dd").all_inner_texts() == ["You", "Computer (medium)"]
    click_cell(page, "B2")
    assert len(moves(page)) == 2 and marks(page)[4] == "X" and marks(page).count("O") == 1


def test_new_game_from_a_position(page: Page) -> None:
    start(page, "user", "user", position="_XXOO_OX_")
    assert (status(page), marks(page)) == ("Player 1 to move (X)", "_XXOO_OX_")
    click_cell(page, "A1")
    assert (status(page), highlighted(page)) == ("Player 1 wins (X)", ["A1", "A2", "A3"])
    # A game from a chosen position is practice: its result is not counted.
    assert score(page) == {"X": 0, "O": 0, "draw": 0}
    expect(page.locator(".scoreboard .practice")).to_contain_text("does not count")


def test_a_start_position_already_over_is_refused(page: Page) -> None:
    page.goto("/")
    before = (marks(page), moves(page))
    start(page, "user", "user", position="XXXOO____")
    assert "/new?" in page.url  # the form again, with the reason
    assert messages(page) == ["This position is already over: X won."]
    expect(page.get_by_label("Start from a position")).to_have_value("XXXOO____")
    page.goto("/")
    assert (marks(page), moves(page)) == before  # no game was started


def test_play_again_keeps_players_and_score(page: Page) -> None:
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    click_button(page, "Play again")
    assert (status(page), marks(page), moves(page)) == ("Player 1 to move (X)", "_" * 9, [])
    assert score(page) == {"X": 1, "O": 0, "draw": 0}
    assert page.get_by_role("button", name="Play again").count() == 0
    play(page, DRAW)
    assert score(page) == {"X": 1, "O": 0, "draw": 1}


def test_the_computers_answer_is_announced(page: Page, javascript: bool) -> None:
    start(page, "user", "hard")
    click_cell(page, "B2")
    reply = moves(page)[-1].split()[-1]
    note = f"The computer (hard) played {reply}."
    expect(page.locator("#last-move")).to_have_text(note)
    # The live region is the hidden #announce; the visible lines are not live regions.
    announce = page.locator("#announce")
    assert announce.get_attribute("role") == "status"
    assert page.locator("#status").get_attribute("role") is None
    assert page.locator("#last-move").get_attribute("role") is None
    if javascript:
        # keys.js fills it once the page is shown, so the new text is read out.
        expect(announce).to_have_text(f"Your turn (X) {note}")
    else:
        page.wait_for_timeout(300)  # longer than keys.js waits: it stays empty
        expect(announce).to_have_text("")
