"""Tic-tac-toe rules, notations and computer players; pure Python, never imports Flask."""

from .board import WIN_LINES, Board, Status, winning_cells
from .errors import (
    N_,
    CoordinatesOutOfRangeError,
    GameOverError,
    InvalidPositionError,
    NotNumbersError,
    OccupiedCellError,
    Refusal,
    TicTacToeError,
    UnknownBoardError,
    UnknownCellError,
    UnknownLevelError,
)
from .game import Game
from .geometry import BOARD_NAMES, LINE_OF_SIZE, SIZES, Geometry, geometry, parse_board
from .notation import (
    CELL_IDS,
    NUMPAD_KEYS,
    cell_name,
    format_coordinates,
    numpad_key,
    parse_cell,
    parse_coordinates,
    parse_numpad,
    unknown_cell,
)
from .players import LEVELS, PLAYER_KINDS, computer_move
from .review import Review, ReviewedMove, rank, review
from .solver import Evaluation, best_moves, evaluate, solved_positions
from .traps import medium_cells, trap_moves

__all__ = [
    "BOARD_NAMES",
    "CELL_IDS",
    "LEVELS",
    "LINE_OF_SIZE",
    "NUMPAD_KEYS",
    "N_",
    "PLAYER_KINDS",
    "SIZES",
    "WIN_LINES",
    "Board",
    "CoordinatesOutOfRangeError",
    "Evaluation",
    "Game",
    "GameOverError",
    "Geometry",
    "InvalidPositionError",
    "NotNumbersError",
    "OccupiedCellError",
    "Refusal",
    "Review",
    "ReviewedMove",
    "Status",
    "TicTacToeError",
    "UnknownBoardError",
    "UnknownCellError",
    "UnknownLevelError",
    "best_moves",
    "cell_name",
    "computer_move",
    "evaluate",
    "format_coordinates",
    "geometry",
    "medium_cells",
    "numpad_key",
    "parse_board",
    "parse_cell",
    "parse_coordinates",
    "parse_numpad",
    "rank",
    "review",
    "solved_positions",
    "trap_moves",
    "unknown_cell",
    "winning_cells",
]
