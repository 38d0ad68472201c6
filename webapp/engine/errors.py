"""The engine's refusals and exceptions: each refusal a stable code and a player-ready message,
each exception a ValueError that carries one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_SHOWN_INPUT_LIMIT = 20


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; the web translates it when shown."""
    return message


def shown(text: object) -> str:
    """Quote a player's input for a message, cut short so a huge input cannot flood the page."""
    value = str(text)
    if len(value) > _SHOWN_INPUT_LIMIT:
        value = value[:_SHOWN_INPUT_LIMIT] + "…"
    return repr(value)


@dataclass(frozen=True)
class Refusal:
    """Why something is refused: ``code`` tells programs (snake_case, the same in every
    language, never reworded), ``message`` tells players (marked with ``N_``, translated when
    shown, filled in with the exception's params)."""

    code: str
    message: str

    def __post_init__(self) -> None:
        CODES.add(self.code)


# Every refusal's code, as each is made: a rule's module declares its own refusals, and the
# web's catalog (the OpenAPI enum, docs/api.md's table) finds them here without a list.
CODES: set[str] = set()
# Each refusal of the engine; the rules' are in rules/errors.py, the web's in
# web/site/refusals.py (which also gives each code its HTTP status for programs).
INVALID_MOVE = Refusal("invalid_move", N_("That is not a valid move."))
NOT_COMPUTERS_TURN = Refusal("not_computers_turn", N_("It is not the computer's turn."))
OCCUPIED_CELL = Refusal("occupied_cell", N_("This cell is occupied! Choose another one!"))
NOT_NUMBERS = Refusal("not_numbers", N_("You should enter numbers!"))
COORDINATES_OUT_OF_RANGE = Refusal(
    "coordinates_out_of_range", N_("Coordinates should be from 1 to 3!")
)
UNKNOWN_CELL = Refusal("unknown_cell", N_("Unknown cell %(text)s: cells are A1 to C3."))
# On 5x5 and 7x7: a cell of another board (F1 on 5x5), or typed coordinates beyond its size.
OFF_BOARD = Refusal("off_board", N_("Unknown cell %(text)s: cells are A1 to %(last)s."))
COORDINATES_OFF_BOARD = Refusal(
    "coordinates_off_board", N_("Coordinates should be from 1 to %(size)d!")
)
UNKNOWN_BOARD = Refusal("unknown_board", N_("Unknown board %(text)s: choose 3x3, 5x5 or 7x7."))
UNKNOWN_KEY = Refusal("unknown_key", N_("Unknown key %(text)s: the numpad keys are 1 to 9."))
GAME_OVER = Refusal(
    "game_over", N_("The game is over (%(status)s); start a new game to play again.")
)
UNKNOWN_LEVEL = Refusal(
    "unknown_level", N_("Unknown player %(text)s: choose user, easy, medium or hard.")
)
# Why a position cannot be loaded (InvalidPositionError).
NOT_A_POSITION = Refusal("not_a_position", N_("A position must be a string of 9, 25 or 49 cells."))
# Read with no board named: any board's count would do (3x3, 5x5 or 7x7).
POSITION_LENGTH = Refusal(
    "position_length", N_("A position has 9, 25 or 49 cells; this one has %(count)d.")
)
# In many fonts the letter O and the digit 0 look alike.
ZERO_FOR_O = Refusal(
    "zero_for_o",
    N_("A position may contain only X, O and _ (for an empty cell): use the letter O, not zero."),
)
POSITION_MARKS = Refusal(
    "position_marks", N_("A position may contain only X, O and _ (for an empty cell).")
)
IMPOSSIBLE_COUNTS = Refusal(
    "impossible_counts",
    N_(
        "Impossible counts: %(x)d X and %(o)d O. X moves first, "
        "so X has as many marks as O, or one more."
    ),
)
BOTH_WON = Refusal("both_won", N_("Impossible position: both X and O have three in a row."))
BOTH_LINES = Refusal("both_lines", N_("Impossible position: both X and O have %(line)d in a row."))
POSITION_SIZE = Refusal(
    "position_size",
    N_("A position of a %(board)s board has %(cells)d cells; this one has %(count)d."),
)
O_AFTER_X_WON = Refusal(
    "o_after_x_won", N_("Impossible position: O moved after X had already won.")
)
X_AFTER_O_WON = Refusal(
    "x_after_o_won", N_("Impossible position: X moved after O had already won.")
)
UNREADABLE_GAME = Refusal("unreadable_game", N_("The stored game is not readable."))


class TicTacToeError(ValueError):
    """Base class of every engine error; ``str(error)`` is fit to show a player as it is.

    It carries a ``refusal`` (its class's own unless given), whose ``code`` tells programs
    which refusal it is. ``template`` and ``params`` are kept apart so that the web can show
    the message in the player's language: ``template % params`` is the English message.
    """

    refusal = INVALID_MOVE

    def __init__(self, refusal: Refusal | None = None, **params: Any) -> None:
        self.refusal = refusal or self.refusal
        self.template = self.refusal.message
        self.params = params
        super().__init__(self.template % params if params else self.template)

    @property
    def code(self) -> str:
        """Which refusal this is, for programs: the same in every language."""
        return self.refusal.code

    @property
    def message(self) -> str:
        """The message shown to the player, in English."""
        return str(self.args[0])


class OccupiedCellError(TicTacToeError):
    """The chosen cell already holds a mark."""

    refusal = OCCUPIED_CELL


class NotNumbersError(TicTacToeError):
    """Typed coordinates were not two whole numbers."""

    refusal = NOT_NUMBERS


class CoordinatesOutOfRangeError(TicTacToeError):
    """Typed coordinates were numbers outside 1..3 (1..5, 1..7 on the larger boards)."""

    refusal = COORDINATES_OUT_OF_RANGE

    def __init__(self, size: int = 3) -> None:
        if size == 3:
            super().__init__()
        else:
            super().__init__(COORDINATES_OFF_BOARD, size=size)


class UnknownCellError(TicTacToeError):
    """A cell id (or numpad key, with UNKNOWN_KEY) that names no cell of the board."""

    refusal = UNKNOWN_CELL

    def __init__(self, text: object, refusal: Refusal = UNKNOWN_CELL, **params: Any) -> None:
        super().__init__(refusal, text=shown(text), **params)


class UnknownBoardError(TicTacToeError):
    """A board other than 3x3, 5x5 and 7x7."""

    refusal = UNKNOWN_BOARD

    def __init__(self, text: object) -> None:
        super().__init__(UNKNOWN_BOARD, text=shown(text))


class GameOverError(TicTacToeError):
    """A move was asked for after the game ended."""

    refusal = GAME_OVER

    def __init__(self, status: str) -> None:
        # The status is one of the Status words, which the web translates too.
        super().__init__(GAME_OVER, status=str(status))


class InvalidPositionError(TicTacToeError):
    """A position string that cannot arise in a real game; its refusal says why."""


class UnknownLevelError(TicTacToeError):
    """A player kind other than user, easy, medium or hard."""

    refusal = UNKNOWN_LEVEL

    def __init__(self, text: object) -> None:
        super().__init__(UNKNOWN_LEVEL, text=shown(text))
