"""The review's answer for programs: each move's value before and after it, and the first
mistake, with perfect play from both sides as the measure."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from ...engine import Status
from .schema import CellId, Count, Mark


class ValueJson(Struct):
    """A position's value with perfect play: the result, and the moves until it (0: over)."""

    result: Status
    moves: Count


class ReviewedMoveJson(Struct):
    """One move of the review: the values before and after it, and the moves that would have
    kept its player's best result."""

    ply: Annotated[int, Meta(ge=1)]
    by: Mark
    cell: CellId
    before: ValueJson
    after: ValueJson
    mistake: bool
    kept: list[CellId]


class MistakeJson(Struct):
    """The first move after which its player's best result was worse."""

    ply: Annotated[int, Meta(ge=1)]
    cell: CellId
    by: Mark


class ReviewJson(Struct):
    """The review of the finished game, with perfect play from both sides as the measure."""

    game: str
    moves: list[ReviewedMoveJson]
    first_mistake: MistakeJson | None
    summary: str
