"""The matches' heartbeats: one ringing for all the streams of a match in a process, at the
match's moments, and none once no stream shows it."""

from __future__ import annotations

import itertools
import threading
import time

import pytest

from webapp.web.live.beats import Beats
from webapp.web.live.live import Hub
from webapp.web.live.stream import events

from .test_stream import QuietStore

PERIOD = 0.05  # seconds: rung for real, by the ringing thread


def test_a_match_is_rung_at_its_moments_while_it_is_shown() -> None:
    rung: list[tuple[str, float]] = []
    shown = {"m1": True}
    enough = threading.Event()

    def ring(match_id: str) -> bool:
        rung.append((match_id, time.monotonic()))
        if len(rung) == 3:
            shown["m1"] = False
            enough.set()
        return shown["m1"]

    beats = Beats(PERIOD, ring)
    try:
        beats.add("m1")
        beats.add("m1")  # its second stream: still one ringing
        assert enough.wait(10)
        moments = [moment for _, moment in rung]
        for earlier, later in itertools.pairwise(moments):
            assert later - earlier == pytest.approx(PERIOD, abs=PERIOD / 2)
        time.sleep(PERIOD * 3)  # a real thread's timer: no clock to move
        assert len(rung) == 3  # no longer shown: no longer rung
        shown["m1"], enough = True, threading.Event()
        beats.add("m1")  # shown again
        deadline = time.monotonic() + 10
        while len(rung) < 4 and time.monotonic() < deadline:
            time.sleep(PERIOD / 5)
        assert len(rung) >= 4
    finally:
        beats.stop()


def test_the_moments_of_a_match_are_the_same_whenever_asked() -> None:
    beats = Beats(10.0, lambda match_id: True)
    first = beats.at("m1", 1000.0)
    assert 1001.0 <= first <= 1011.0
    assert beats.at("m1", first + 0.5) == pytest.approx(first + 10.0)
    assert beats.at("m1", first - 0.5) == pytest.approx(first + 10.0)  # a tenth away at least
    assert beats.at("m1", first - 3.0) == pytest.approx(first)


def test_one_ring_wakes_every_idle_stream_of_the_match() -> None:
    hub = Hub(QuietStore(), 10, PERIOD)  # type: ignore[arg-type]
    heard: list[list[float]] = [[], []]

    def follow(moments: list[float]) -> None:
        for chunk in events(hub, "m1", None, 3, PERIOD * 8):
            if chunk.startswith(":"):
                moments.append(time.monotonic())

    threads = [threading.Thread(target=follow, args=(moments,)) for moments in heard]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
    finally:
        hub.stop()
    assert all(len(moments) >= 3 for moments in heard)
    # Both streams wrote at the same rings: each of one's beats close to one of the other's.
    for moment in heard[1][:3]:
        assert min(abs(moment - other) for other in heard[0]) < PERIOD / 2
