"""A stream's heartbeats: every idle stream of a match in a process writes at the same moments,
so that a worker wakes once for all of them, while different matches beat at other moments."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Generator
from pathlib import Path
from typing import cast

import pytest

from webapp import create_app
from webapp.store import Record
from webapp.web.live import stream
from webapp.web.live.live import Hub

HEARTBEAT = 10.0


class QuietStore:
    """A match nobody moves in: read at version 3, never changed."""

    def get(self, match_id: str) -> Record | None:
        return Record(match_id, {"moves": []}, 3)

    def listen(self, watched: object, changed: object, stop: threading.Event) -> None:
        stop.wait()


class Clock:
    """The monotonic clock the stream reads, moved by the waits it asks for."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def beats(match_id: str, opened: float, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The moments at which a spectator's stream of ``match_id`` opened at ``opened`` writes
    its first five heartbeats (nothing moves, so each wait runs to its end)."""
    clock, hub = Clock(opened), Hub(QuietStore(), 10, HEARTBEAT)  # type: ignore[arg-type]
    monkeypatch.setattr("time.monotonic", clock)  # the one the stream reads

    def wait(watch: object, after: int, timeout: float | None, audience: str = "") -> int:
        # An idle stream has no timer of its own: the match's next beat rings it.
        assert timeout is None
        clock.now = hub.beats.at(match_id, clock.now)
        return after

    monkeypatch.setattr(hub, "wait", wait)
    written = cast(Generator[str, None, None], stream.events(hub, match_id, None, 3, 300.0))
    moments: list[float] = []
    try:
        assert next(written) == "retry: 1000\n\n"
        while len(moments) < 5:
            assert next(written) == ": still here\n\n"
            moments.append(clock.now)
    finally:
        written.close()
        hub.stop()
    return moments


def test_the_idle_streams_of_a_match_beat_together(monkeypatch: pytest.MonkeyPatch) -> None:
    early, late = beats("m1", 1003.3, monkeypatch), beats("m1", 1007.9, monkeypatch)
    assert all(b - a == pytest.approx(HEARTBEAT) for a, b in itertools.pairwise(early))
    # The stream opened later beats at the same moments as the first, not 4.6 s after them.
    for moment in late:
        offset = (moment - early[0]) % HEARTBEAT
        assert min(offset, HEARTBEAT - offset) == pytest.approx(0.0, abs=1e-6)
    assert late[0] - 1007.9 <= HEARTBEAT * 1.1


def test_matches_beat_at_moments_spread_over_the_period(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phases = {round(beats(f"m{n}", 1000.0, monkeypatch)[1] % HEARTBEAT) for n in range(40)}
    assert len(phases) >= 6  # of the ten whole seconds of the period


@pytest.mark.parametrize("heartbeat", ["0", "-1", "nan", "inf", "abc", ""])
def test_an_app_with_no_heartbeat_to_wait_for_does_not_start(
    heartbeat: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="FLASK_HEARTBEAT must be a positive number"):
        create_app({"SECRET_KEY": "k", "HEARTBEAT": heartbeat}, instance_path=str(tmp_path))


def test_a_stream_whose_life_ends_before_the_beat_waits_for_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock, hub = Clock(1000.0), Hub(QuietStore(), 10, HEARTBEAT)  # type: ignore[arg-type]
    monkeypatch.setattr("time.monotonic", clock)
    asked: list[float | None] = []

    def wait(watch: object, after: int, timeout: float | None, audience: str = "") -> int:
        asked.append(timeout)
        clock.now = hub.beats.at("m1", clock.now) if timeout is None else clock.now + timeout
        return after

    monkeypatch.setattr(hub, "wait", wait)
    try:
        written = list(stream.events(hub, "m1", None, 3, 25.0))
    finally:
        hub.stop()
    assert asked[:-1] == [None] * (len(asked) - 1)  # the beats, then the stream's end
    assert asked[-1] is not None and clock.now == pytest.approx(1025.0)
    assert written[1:] == [": still here\n\n"] * len(asked)
