"""The ways a person can type a move: seed 002's ``row col``, numpad digits or cell ids."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from webapp.engine import cell_name, geometry, parse_cell, parse_coordinates, parse_numpad


@dataclass(frozen=True)
class MoveNotation:
    """The question asked for a move (``{last}``: the board's last cell, ``{size}`` its
    size) and the engine parser that reads the answer on a board of a size."""

    question: str
    parse: Callable[[str, int], int]

    def prompt(self, size: int = 3) -> str:
        """The question on the ``size`` board: seed 002's words on 3x3."""
        return self.question.format(last=geometry(size).last_cell, size=size)

    def cell_of(self, text: str, size: int = 3) -> str:
        """The cell id the answer ``text`` names; engine errors explain a bad answer."""
        return cell_name(self.parse(text, size), size)


def _numpad(text: str, size: int) -> int:
    return parse_numpad(text)  # 3x3 only: the command line refuses it on a larger board


COORDINATES = MoveNotation("Enter the coordinates: ", parse_coordinates)
NUMPAD = MoveNotation("Enter the numpad key (1-9): ", _numpad)
CELLS = MoveNotation("Enter the cell (A1-{last}): ", parse_cell)
