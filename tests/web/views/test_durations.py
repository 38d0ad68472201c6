"""Durations as a clock reads them."""

from __future__ import annotations

import pytest

from webapp.web.views.durations import reading


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(0, "0:00"), (5, "0:05"), (120, "2:00"), (600, "10:00"), (3599, "59:59"), (3900, "1:05:00")],
)
def test_a_duration_reads_as_minutes_and_seconds_hours_first_from_an_hour(
    seconds: int, shown: str
) -> None:
    assert reading(seconds) == shown
