"""A missing redis-server skips these tests on a laptop, but fails them when CI is set."""

from __future__ import annotations

import pytest

from tests.servers import require_program

MISSING = "no-such-program-for-ttt-tests"


def test_a_missing_program_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="not installed"):
        require_program(MISSING, "redis-server")


def test_a_missing_program_skips_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        require_program(MISSING, "redis-server")
