"""Move clocks on the web: a stream wakes at the next deadline to apply it (cycle.settle,
which any request that reads the match after it does too, once); and the clock as the board
and the API show it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from flask import Flask

from ...rules import LostMatchError, Match, read
from ...rules import clock as clocks
from ...store import MatchStore, StoreUnavailable
from .. import timing
from ..live.live import Hub
from . import cycle


def due(app: Flask, store: MatchStore, hub: Hub, match_id: str) -> Callable[[], float | None]:
    """For a stream of ``match_id`` of ``app``: settle the match, and say the seconds until
    its next deadline (``None``: no clock runs), so the stream wakes when it passes. A match
    made without a clock never gets one, so it is read once, not at every wake of every
    stream."""
    clockless = False

    def seconds() -> float | None:
        nonlocal clockless
        if clockless:
            return None
        try:
            # Every stream of the match asks at each of its wakes: one read, shared.
            record = hub.reads.get(match_id, patience=0.0)
            if record is None or not record.data:
                return None
            match = read(record.data)
            if clocks.expired(match, hub.clock()):
                # The game ended on time is saved as any change is, and an arena counts it
                # then (cycle.saved), which needs the app: the stream runs outside its request.
                with app.app_context():
                    match = read(cycle.settle(store, hub, record).data)
        except (StoreUnavailable, LostMatchError):
            return None
        clockless = not match.clock
        return clocks.seconds_left(match, hub.clock())

    return seconds


@dataclass(frozen=True)
class ClockView:
    """A running clock as shown: seconds per move, the deadline (ISO 8601, UTC, and as the
    board says it, ``14:05 UTC``), and the seconds left."""

    per_move: int
    deadline: str
    moves_by: str
    seconds_left: int
    mark: str = ""  # of the player to move


def clock_view(match: Match) -> ClockView | None:
    """The clock of ``match``'s player to move, or ``None`` when no clock runs."""
    left = clocks.seconds_left(match, timing.now())
    if left is None:
        return None
    when = datetime.fromtimestamp(match.deadline, UTC)
    iso = when.isoformat(timespec="seconds").replace("+00:00", "Z")
    shown = said_by(iso, match.clock)
    return ClockView(match.clock, iso, shown, int(left + 0.999), match.game.board.turn or "")


def said_by(deadline: str, per_move: int) -> str:
    """A ``deadline`` (ISO 8601, UTC) as the board says it: ``14:05:30 UTC``, or with the date
    for a clock of 10 minutes or more (``2026-05-01 14:05 UTC``)."""
    return f"{deadline[11:19]} UTC" if per_move < 600 else f"{deadline[:10]} {deadline[11:16]} UTC"
