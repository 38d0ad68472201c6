"""The ways a person can type a move: seed 002's ``row col``, numpad digits or cell ids."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from webapp.engine import cell_name, parse_cell, parse_coordinates, parse_numpad


@dataclass(frozen=True)
class MoveNotation:
    """The question asked for a move and the engine parser that reads the answer."""

    prompt: str
    parse: Callable[[str], int]

    def cell_of(self, text: str) -> str:
        """The cell id the answer ``text`` names; engine errors explain a bad answer."""
        return cell_name(self.parse(text))


COORDINATES = MoveNotation("Enter the coordinates: ", parse_coordinates)
NUMPAD = MoveNotation("Enter the numpad key (1-9): ", parse_numpad)
CELLS = MoveNotation("Enter the cell (A1-C3): ", parse_cell)
