"""The engine's exceptions: one base class, every one a ValueError with a player-ready message."""

from __future__ import annotations

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


class TicTacToeError(ValueError):
    """Base class of every engine error; ``str(error)`` is fit to show a player as it is.

    ``template`` and ``params`` are kept apart so that the web can show the message in the
    player's language: ``template % params`` is the English message.
    """

    default_message = N_("That is not a valid move.")

    def __init__(self, template: str | None = None, **params: Any) -> None:
        self.template = template or self.default_message
        self.params = params
        super().__init__(self.template % params if params else self.template)

    @property
    def message(self) -> str:
        """The message shown to the player, in English."""
        return str(self.args[0])


class OccupiedCellError(TicTacToeError):
    """The chosen cell already holds a mark."""

    default_message = N_("This cell is occupied! Choose another one!")


class NotNumbersError(TicTacToeError):
    """Typed coordinates were not two whole numbers."""

    default_message = N_("You should enter numbers!")


class CoordinatesOutOfRangeError(TicTacToeError):
    """Typed coordinates were numbers outside 1..3 (1..5, 1..7 on the larger boards)."""

    default_message = N_("Coordinates should be from 1 to 3!")

    def __init__(self, size: int = 3) -> None:
        if size == 3:
            super().__init__()
        else:
            super().__init__(N_("Coordinates should be from 1 to %(size)d!"), size=size)


class UnknownCellError(TicTacToeError):
    """A cell id (or numpad key) that names no cell of the board."""

    def __init__(
        self,
        text: object,
        template: str = N_("Unknown cell %(text)s: cells are A1 to C3."),
        **params: Any,
    ) -> None:
        super().__init__(template, text=shown(text), **params)


class UnknownBoardError(TicTacToeError):
    """A board other than 3x3, 5x5 and 7x7."""

    def __init__(self, text: object) -> None:
        super().__init__(N_("Unknown board %(text)s: choose 3x3, 5x5 or 7x7."), text=shown(text))


class GameOverError(TicTacToeError):
    """A move was asked for after the game ended."""

    def __init__(self, status: str) -> None:
        # The status is one of the Status words, which the web translates too.
        super().__init__(
            N_("The game is over (%(status)s); start a new game to play again."), status=str(status)
        )


class InvalidPositionError(TicTacToeError):
    """A position string that cannot arise in a real game; the message says why."""


class UnknownLevelError(TicTacToeError):
    """A player kind other than user, easy, medium or hard."""

    def __init__(self, text: object) -> None:
        super().__init__(
            N_("Unknown player %(text)s: choose user, easy, medium or hard."), text=shown(text)
        )
