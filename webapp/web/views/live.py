"""A game being played now as programs see it (GET /api/live)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from .schema import ClockJson


class LiveGameJson(Struct):
    """A game being played now by strangers met by quick pairing: anyone may watch it."""

    match: str
    watch: Annotated[str, Meta(description="The link that shows the board live, to watch.")]
    names: Annotated[dict[str, str], Meta(description="The player of X and of O, by name.")]
    board: Annotated[str, Meta(description="The position: 9 characters, X, O or _ per cell.")]
    clock: ClockJson | None
