"""Hint, undo, replay, share and who starts, used in Chromium with JavaScript on and off."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import NewContext
from tests.browser.pages import (
    CELLS,
    click_button,
    click_cell,
    follow,
    game_state,
    highlighted,
    hinted,
    marks,
    messages,
    moves,
    open_move,
    playable,
    players,
    score_by_player,
    status,
    submit,
)
from tests.browser.states import X_WINS_AT_A1, X_WINS_TOP_ROW, play, start
from tests.servers import GunicornServer
from webapp.engine import Board, Game, Status, evaluate

# Hot seat, from the empty board: O takes the middle row while X plays A1, A2 and C3.
O_WINS_MIDDLE_ROW = ("A1", "B1", "A2", "B2", "C3", "B3")
EMPTY = "_" * 9


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def javascript(request: pytest.FixtureRequest) -> bool:
    """Whether the browser runs the page's script: every test here runs both ways."""
    return bool(request.param)


@pytest.fixture
def page(new_context: NewContext, javascript: bool) -> Page:
    """A tab in a fresh context, with or without JavaScript."""
    return new_context(java_script_enabled=javascript).new_page()


def undo_button(page: Page) -> Locator:
    """The Undo button of the board."""
    return page.get_by_role("button", name="Undo", exact=True)


def outline_style(page: Page, cell_id: str) -> str:
    """The computed outline style of a cell's square (``none``, ``dashed``)."""
    style: str = page.locator(f'td.cell:has([data-cell="{cell_id}"])').evaluate(
        "td => getComputedStyle(td).outlineStyle"
    )
    return style


def hint_words(board: str) -> str:
    """What the hint should say of ``board``, worked out by the engine's solver."""
    evaluation = evaluate(Board.from_string(board))
    value = "draw" if evaluation.result is Status.DRAW else evaluation.describe()
    return f"With best play: {value}."


# Hint


def test_hint_marks_the_winning_cell_and_changes_no_game(page: Page) -> None:
    start(page, "user", "user", X_WINS_AT_A1)
    assert evaluate(Board.from_string(X_WINS_AT_A1)).best == {"A1"}  # the engine agrees
    before = game_state(page)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.method))

    follow(page, "Hint")

    assert page.url.endswith("/?hint=1") and set(sent) == {"GET"}
    assert page.locator("#hint").inner_text() == "With best play: X wins in 1 move. Best move: A1."
    assert hinted(page) == ["A1"]
    expect(page.get_by_role("button", name="A1, empty, best move", exact=True)).to_be_visible()
    assert (outline_style(page, "A1"), outline_style(page, "B3")) == ("dashed", "none")
    assert (status(page), marks(page)) == ("Player 1 to move (X)", X_WINS_AT_A1)
    assert game_state(page) == before

    follow(page, "Hide hint")
    assert page.locator("#hint").count() == 0 and hinted(page) == []
    expect(page.get_by_role("button", name="A1, empty", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Hint", exact=True)).to_be_visible()
    assert game_state(page) == before


def test_hint_against_hard_then_play_a_best_cell(page: Page) -> None:
    start(page, "user", "hard")
    click_cell(page, "B2")  # hard answers the centre in a corner
    board = marks(page)

    follow(page, "Hint")

    best = sorted(evaluate(Board.from_string(board)).best)
    assert hint_words(board) == "With best play: draw."
    # Against a corner reply to the centre every move draws, and the hint says so.
    assert best == sorted(playable(page))
    assert page.locator("#hint").inner_text() == f"{hint_words(board)} Every move draws."
    assert hinted(page) == best
    assert (status(page), marks(page), len(moves(page))) == ("Your turn (X)", board, 2)

    click_cell(page, best[0])  # the marked cells are still the buttons to play
    assert page.url.endswith("/") and hinted(page) == []
    assert len(moves(page)) == 4 and marks(page)[CELLS.index(best[0])] == "X"


# Undo


def test_hot_seat_undo_takes_back_one_move(page: Page) -> None:
    page.goto("/")
    expect(undo_button(page)).to_be_disabled()
    play(page, ("B2", "A1", "C3"))

    click_button(page, "Undo")
    assert (status(page), marks(page)) == ("Player 1 to move (X)", "O___X____")
    assert moves(page) == ["X B2", "O A1"] and "C3" in playable(page)
    click_button(page, "Undo")
    assert (status(page), marks(page), moves(page)) == (
        "Player 2 to move (O)",
        "____X____",
        ["X B2"],
    )
    click_button(page, "Undo")
    assert (status(page), marks(page), moves(page)) == ("Player 1 to move (X)", EMPTY, [])
    expect(undo_button(page)).to_be_disabled()


@pytest.mark.parametrize(("x", "o"), [("user", "hard"), ("easy", "user")], ids=["hard", "easy"])
def test_undo_against_the_computer_gives_the_person_the_move_again(
    page: Page, x: str, o: str
) -> None:
    person = "X" if x == "user" else "O"
    start(page, x, o)
    opening = (marks(page), moves(page))
    expect(undo_button(page)).to_be_disabled()  # a computer's opening is not the person's to undo

    click_cell(page, playable(page)[0])
    before = (marks(page), moves(page))
    assert len(before[1]) == len(opening[1]) + 2  # the person's move and the computer's reply
    last = playable(page)[0]
    click_cell(page, last)
    assert len(moves(page)) == len(before[1]) + 2

    click_button(page, "Undo")
    assert (marks(page), moves(page)) == before  # the board before the person's last move
    assert status(page) == f"Your turn ({person})" and last in playable(page)
    click_button(page, "Undo")
    assert (marks(page), moves(page)) == opening
    expect(undo_button(page)).to_be_disabled()


def test_undo_takes_a_finished_result_off_the_score(page: Page) -> None:
    page.goto("/")  # from the empty board: a game from a chosen position would not count
    play(page, X_WINS_TOP_ROW)
    assert (status(page), score_by_player(page)["Player 1"]) == ("Player 1 wins (X)", 1)
    click_button(page, "Undo")
    assert (status(page), marks(page)) == ("Player 1 to move (X)", "XX_OO____")
    assert score_by_player(page) == {"Player 1": 0, "Player 2": 0, "Draws": 0}


# Replay


def test_replay_steps_through_a_finished_game(page: Page) -> None:
    start(page, "hard", "hard")
    click_button(page, "Play to the end")
    live = game_state(page)
    record = {"x": "hard", "o": "hard", "start": live["start"], "moves": live["moves"]}
    boards = [board.to_string() for board in Game.from_dict(record).boards]
    last = len(boards) - 1
    shown = moves(page)
    assert [entry.split()[1] for entry in shown] == live["moves"] and last == 9

    open_move(page, 3)
    assert "/replay/3?game=" in page.url and marks(page) == boards[3]
    assert page.locator("#caption").inner_text() == f"After move 3 of {last}: {shown[2]}"
    assert playable(page) == []  # read-only
    assert page.locator('[aria-current="step"]').inner_text() == shown[2]

    follow(page, "First")
    assert marks(page) == boards[0] == EMPTY
    assert page.locator("#caption").inner_text() == f"Start position, before move 1 of {last}"
    for name in ("First", "Previous"):
        assert page.get_by_role("link", name=name, exact=True).count() == 0
    for ply in range(1, last + 1):
        follow(page, "Next")
        assert (f"/replay/{ply}?game=" in page.url, marks(page)) == (True, boards[ply])
    for name in ("Next", "Last"):
        assert page.get_by_role("link", name=name, exact=True).count() == 0
    assert status(page) == live["status"] == "Draw"  # hard against hard

    follow(page, "Previous")
    assert marks(page) == boards[last - 1] and status(page) == "Computer 1 to move (X)"
    follow(page, "Last")
    assert marks(page) == boards[last]

    follow(page, "Back to the live game")
    assert page.url.endswith("/") and (marks(page), moves(page)) == (boards[last], shown)
    assert highlighted(page) == [] and game_state(page) == live  # replaying changed nothing


# Share


def test_share_link_fills_the_form_and_start_plays_it(
    new_context: NewContext, javascript: bool, server: GunicornServer
) -> None:
    page = new_context(java_script_enabled=javascript).new_page()
    start(page, "user", "hard")
    click_cell(page, "B2")
    position, live = marks(page), game_state(page)
    href = page.locator("#share-link").get_attribute("href")
    expect(page.locator("#share-url")).to_have_value(href or "")
    assert href == f"{server.url}/new?position={position}&x=user&o=hard"
    copy = page.locator("#share-url + button[data-copy]")  # copy.js shows it
    assert copy.get_attribute("data-copy") == href
    if javascript:
        expect(copy).to_be_visible()
        expect(copy).to_have_text("Copy")
    else:
        expect(copy).to_be_hidden()

    follow(page, "Share this position")
    assert page.url == href
    x, o = (
        page.get_by_role("group", name="X is played by"),
        page.get_by_role("group", name="O is played by"),
    )
    expect(x.get_by_label("a person")).to_be_checked()
    expect(o.get_by_label("the computer, hard")).to_be_checked()
    expect(page.get_by_label("Start from a position")).to_have_value(position)
    expect(page.get_by_label("Toss a coin for who plays X")).not_to_be_checked()
    assert game_state(page) == live  # opening the link only filled the form

    # A friend, in another browser with other players of their own, opens the link.
    friend = new_context(java_script_enabled=javascript).new_page()
    start(friend, "easy", "user")
    theirs = game_state(friend)
    friend.goto(href)
    expect(friend.locator('input[name="x"]:checked')).to_have_value("user")
    expect(friend.locator('input[name="o"]:checked')).to_have_value("hard")
    expect(friend.get_by_label("Start from a position")).to_have_value(position)
    assert game_state(friend) == theirs  # nothing changes until Start
    click_button(friend, "Start")
    assert (status(friend), marks(friend), moves(friend)) == ("Your turn (X)", position, [])
    assert players(friend) == ["You", "Computer (hard)"]
    assert game_state(friend)["game"] != theirs["game"]
    assert game_state(page) == live  # the sharer's game is their own


# Who starts and the score


def test_swap_sides_keeps_the_score_by_player(page: Page) -> None:
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    assert score_by_player(page) == {"Player 1": 1, "Player 2": 0, "Draws": 0}
    assert players(page) == ["Player 1", "Player 2"]

    click_button(page, "Swap sides")
    assert (status(page), marks(page), players(page)) == (
        "Player 2 to move (X)",
        EMPTY,
        ["Player 2", "Player 1"],
    )
    play(page, O_WINS_MIDDLE_ROW)
    assert status(page) == "Player 1 wins (O)"
    # Player 1 won with X, then with O: two wins for the player, not one for each mark.
    assert score_by_player(page) == {"Player 1": 2, "Player 2": 0, "Draws": 0}

    click_button(page, "Play again")
    assert (marks(page), players(page)) == (EMPTY, ["Player 2", "Player 1"])  # same sides
    assert score_by_player(page)["Player 1"] == 2


def mode_button(page: Page, name: str) -> Locator:
    """A button of the mode bar above the board (Two players, Easy, Medium, Hard…)."""
    return page.get_by_role("form", name="Game mode").get_by_role("button", name=name, exact=True)


def test_other_players_start_a_new_score(page: Page) -> None:
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    assert score_by_player(page) == {"Player 1": 1, "Player 2": 0, "Draws": 0}

    submit(page, mode_button(page, "Hard").click)
    assert (status(page), marks(page), players(page)) == (
        "Your turn (X)",
        EMPTY,
        ["You", "Computer (hard)"],
    )
    assert score_by_player(page) == {"You": 0, "Computer (hard)": 0, "Draws": 0}
    play(page, ("A1", "A2", "C3"))  # hard answers B2, A3, and wins at C1
    assert (status(page), highlighted(page)) == ("The computer wins (O)", ["A3", "B2", "C1"])
    assert score_by_player(page) == {"You": 0, "Computer (hard)": 1, "Draws": 0}
    click_button(page, "Play again")
    assert score_by_player(page) == {"You": 0, "Computer (hard)": 1, "Draws": 0}

    submit(page, mode_button(page, "Medium").click)  # another level: other players
    assert players(page) == ["You", "Computer (medium)"]
    assert score_by_player(page) == {"You": 0, "Computer (medium)": 0, "Draws": 0}


def test_reset_score_zeroes_it_and_leaves_the_game(page: Page) -> None:
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    assert score_by_player(page)["Player 1"] == 1
    finished = (status(page), marks(page), moves(page))

    click_button(page, "Reset score")
    assert score_by_player(page) == {"Player 1": 0, "Player 2": 0, "Draws": 0}
    assert messages(page) == ["Score reset."]
    assert (status(page), marks(page), moves(page)) == finished


def test_coin_toss_picks_who_plays_x_and_says_so(page: Page) -> None:
    start(page, "user", "hard", toss=True)
    said = messages(page)
    assert len(said) == 1
    chosen = re.fullmatch(r"The coin toss chose (you|the computer) to play X\.", said[0])
    assert chosen is not None, said
    if chosen[1] == "you":
        assert players(page) == ["You", "Computer (hard)"]
        assert (status(page), moves(page)) == ("Your turn (X)", [])
    else:
        assert players(page) == ["Computer (hard)", "You"]
        assert status(page) == "Your turn (O)" and len(moves(page)) == 1
    names = game_state(page)["names"]
    assert names["X"] == ("You" if chosen[1] == "you" else "Computer (hard)")
    page.reload()
    assert messages(page) == []  # said once
