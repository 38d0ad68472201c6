"""Move clocks on the web: a deadline that has passed is applied by whichever request first
reads the match after it (a page, an API call, a stream), once, with the version it read as
the guard; and the clock as the board and the API show it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from ..rules import LostMatchError, Match, read
from ..rules import clock as clocks
from ..store import MatchStore, Record, StoreUnavailable
from . import timing
from .live import Hub


def settle(store: MatchStore, hub: Hub, record: Record) -> Record:
    """``record`` as read; if its match's clock has run out, the game ended on time under
    the match's lock, unless the version changed since it was read (another request got there
    first, or a move did). Returns the record as it stands now."""
    if not (isinstance(record.data, dict) and record.data.get("deadline")):
        return record  # no clock runs (0, or a record from before clocks): nothing to read
    try:
        match = read(record.data)
    except LostMatchError:
        return record
    if not clocks.expired(match, hub.clock()):
        return record
    with store.locked(record.match_id) as locked:
        if locked.version == record.version:
            ended = clocks.expire(match, hub.clock())
            if ended is not None:
                locked.data = ended.match.to_dict()
    if locked.version != record.version:
        hub.changed(locked.match_id, locked.version)
    return locked


def due(store: MatchStore, hub: Hub, match_id: str) -> Callable[[], float | None]:
    """For a stream of ``match_id``: settle the match, and say the seconds until its next
    deadline (``None``: no clock runs), so the stream wakes when it passes. A match made
    without a clock never gets one, so it is read once, not at every wake of every stream."""
    clockless = False

    def seconds() -> float | None:
        nonlocal clockless
        if clockless:
            return None
        try:
            record = store.get(match_id)
            if record is None or not record.data:
                return None
            match = read(settle(store, hub, record).data)
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
    shown = when.strftime("%H:%M:%S UTC" if match.clock < 600 else "%Y-%m-%d %H:%M UTC")
    iso = when.isoformat(timespec="seconds").replace("+00:00", "Z")
    return ClockView(match.clock, iso, shown, int(left + 0.999), match.game.board.turn or "")
