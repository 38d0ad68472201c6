"""--board 5x5 and 7x7: the frame grows, moves are typed as coordinates 1 to n or cells A1 to
E5/G7, a cell off the board is refused with a message, and hard against hard ends."""

from __future__ import annotations

from tests.terminal.driver import MENU, run

EMPTY_5 = "\n".join(["-" * 13, *["|           |"] * 5, "-" * 13])


def test_a_5x5_game_shows_its_board_and_refuses_coordinates_off_it() -> None:
    finished = run("start user user\n6 1\n1 1\nexit\n", "--board", "5x5")
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.startswith(MENU + EMPTY_5 + "\nEnter the coordinates: ")
    assert "Coordinates should be from 1 to 5!\n" in finished.stdout
    assert "| X         |" in finished.stdout


def test_cells_are_typed_a1_to_g7_on_7x7_and_h1_is_refused() -> None:
    finished = run("start user user\nH1\nG7\nexit\n", "--board", "7x7", "--cells")
    assert "Enter the cell (A1-G7): " in finished.stdout
    assert "Unknown cell 'H1': cells are A1 to G7.\n" in finished.stdout
    assert "|             X |" in finished.stdout


def test_hard_against_hard_plays_a_5x5_game_to_its_end() -> None:
    finished = run("start hard hard\nexit\n", "--board", "5x5", "--seed", "46")
    assert finished.returncode == 0, finished.stderr
    *_, status, blank, menu = finished.stdout.splitlines()
    assert (status in ("X wins", "O wins", "Draw"), blank, menu) == (True, "", MENU)


def test_numpad_keys_and_a_position_of_another_size_are_refused_at_startup() -> None:
    numpad = run("exit\n", "--board", "5x5", "--numpad")
    assert numpad.returncode == 2 and "--numpad is for the 3x3 board" in numpad.stderr
    other = run("exit\n", "--board", "7x7", "--position", "_" * 25)
    assert other.returncode == 2 and "--position has 25 cells, not 49" in other.stderr
