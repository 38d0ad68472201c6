"""Fixtures shared by the engine tests: the reachable positions, computed independently."""

from __future__ import annotations

import pytest

from tests.engine import reference


@pytest.fixture(scope="session")
def reachable() -> list[str]:
    """Every reachable position, sorted, from the reference implementation."""
    return sorted(reference.reachable())


@pytest.fixture(scope="session")
def open_positions(reachable: list[str]) -> list[str]:
    """The reachable positions with a move to make."""
    return [cells for cells in reachable if reference.status(cells) == "Game not finished"]
