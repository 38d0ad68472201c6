"""The web's one clock: what time it is for clocks, presence, pairing and the games list,
read from the app's ``CLOCK`` (``time.time``, or a test's own clock that it moves forward
instead of sleeping)."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app

Clock = Callable[[], float]  # seconds since 1970


def now() -> float:
    """The time now, by the app's clock."""
    clock: Clock = current_app.config["CLOCK"]
    return clock()
