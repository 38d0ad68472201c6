"""The engine's exceptions: one base class, every one a ValueError with a player-ready message."""

from __future__ import annotations

_SHOWN_INPUT_LIMIT = 20


def shown(text: object) -> str:
    """Quote a player's input for a message, cut short so a huge input cannot flood the page."""
    value = str(text)
    if len(value) > _SHOWN_INPUT_LIMIT:
        value = value[:_SHOWN_INPUT_LIMIT] + "…"
    return repr(value)


class TicTacToeError(ValueError):
    """Base class of every engine error; ``str(error)`` is fit to show a player as it is."""

    default_message = "That is not a valid move."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or self.default_message)

    @property
    def message(self) -> str:
        """The message shown to the player."""
        return str(self.args[0])


class OccupiedCellError(TicTacToeError):
    """The chosen cell already holds a mark."""

    default_message = "This cell is occupied! Choose another one!"


class NotNumbersError(TicTacToeError):
    """Typed coordinates were not two whole numbers."""

    default_message = "You should enter numbers!"


class CoordinatesOutOfRangeError(TicTacToeError):
    """Typed coordinates were numbers outside 1..3."""

    default_message = "Coordinates should be from 1 to 3!"


class UnknownCellError(TicTacToeError):
    """A cell id (or numpad key) that names no cell of the board."""

    def __init__(self, text: object, hint: str = "cells are A1 to C3", noun: str = "cell") -> None:
        super().__init__(f"Unknown {noun} {shown(text)}: {hint}.")


class GameOverError(TicTacToeError):
    """A move was asked for after the game ended."""

    def __init__(self, status: str) -> None:
        super().__init__(f"The game is over ({status}); start a new game to play again.")


class InvalidPositionError(TicTacToeError):
    """A position string that cannot arise in a real game; the message says why."""


class UnknownLevelError(TicTacToeError):
    """A player kind other than user, easy, medium or hard."""

    def __init__(self, text: object) -> None:
        super().__init__(f"Unknown player {shown(text)}: choose user, easy, medium or hard.")
