"""Hard never loses through the terminal: every line of the person's moves, in one long run."""

from __future__ import annotations

import pytest

from tests.engine import reference
from tests.terminal.driver import ASK, MENU, Interactive, boards_in

# Where a game ends, in the record of what followed a move.
GAME_OVER = "game over"


class PersonLines:
    """The person's moves tried so far, by position, and what hard's replies led to.

    Positions are where the person is to move. A position is complete when every empty cell
    has been played there, and every position hard's replies then led to is complete in
    turn: every sequence of the person's moves, given hard's replies.
    """

    def __init__(self) -> None:
        """Nothing explored yet."""
        self.next_positions: dict[str, dict[int, set[str]]] = {}
        self._earlier_positions: dict[str, set[str]] = {}
        self._complete: dict[str, bool] = {GAME_OVER: True}

    def record(self, position: str, cell: int, reached: str) -> None:
        """Note that ``cell`` at ``position`` led to ``reached`` (or ``GAME_OVER``)."""
        reached_before = self.next_positions.setdefault(position, {}).setdefault(cell, set())
        if reached not in reached_before:
            reached_before.add(reached)
            self._earlier_positions.setdefault(reached, set()).add(position)
            self._forget_completeness_from(position)

    def is_complete(self, position: str) -> bool:
        """Whether every line of the person's moves from ``position`` has been played."""
        if position not in self._complete:
            played = self.next_positions.get(position, {})
            self._complete[position] = all(
                cell in played and all(map(self.is_complete, played[cell]))
                for cell in empty_cells(position)
            )
        return self._complete[position]

    def choose(self, position: str) -> int:
        """A cell not yet played here, else one whose lines are not all played, else any."""
        played = self.next_positions.get(position, {})
        cells = empty_cells(position)
        for cell in cells:
            if cell not in played:
                return cell
        for cell in cells:
            if not all(map(self.is_complete, played[cell])):
                return cell
        return cells[0]

    def _forget_completeness_from(self, position: str) -> None:
        # What is known to be complete changes only for the position and the ones before it.
        waiting = [position]
        while waiting:
            current = waiting.pop()
            if self._complete.pop(current, None) is not None:
                waiting.extend(self._earlier_positions.get(current, ()))


def empty_cells(position: str) -> list[int]:
    """The indexes of the empty cells of a position string."""
    return [index for index, mark in enumerate(position) if mark == "_"]


@pytest.mark.parametrize(
    ("command", "person", "openings"),
    [("start user hard", "X", 1), ("start hard user", "O", 4)],  # hard opens in a corner
)
def test_hard_never_loses_whatever_the_person_plays(
    command: str, person: str, openings: int
) -> None:
    # One run answers every game: a process per line of moves would take minutes. Each game
    # walks towards moves not yet played; hard's seeded replies decide where it goes.
    lines = PersonLines()
    first_positions: set[str] = set()
    games = 0
    with Interactive("--seed", "2002") as program:
        program.read_to_prompt()
        while not first_positions or not all(map(lines.is_complete, first_positions)):
            assert games < 20_000, "the exploration does not converge"
            games += 1
            output = program.answer(command)
            first_positions.add(boards_in(output)[-1])
            while output.endswith(ASK):
                position = boards_in(output)[-1]
                cell = lines.choose(position)
                output = program.answer(f"{cell // 3 + 1} {cell % 3 + 1}")
                reached = boards_in(output)[-1]
                lines.record(position, cell, reached if output.endswith(ASK) else GAME_OVER)
            assert output.endswith(MENU)
            assert f"{person} wins" not in output
            assert reference.winner(boards_in(output)[-1]) != person

    # Every opening of the game was met, and the person moved in hundreds of positions.
    assert len(first_positions) == openings
    assert len(lines.next_positions) > 200
