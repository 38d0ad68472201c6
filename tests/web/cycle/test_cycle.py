"""The commit path: the pure step decides what is saved and what is refused; the shell saves
it under the lock, publishes and counts; a move after its deadline is told why."""

from __future__ import annotations

from flask import Flask

from tests.conftest import MovableClock, api_game, post
from tests.rules.matches import joined, play
from tests.web.cycle.test_deadlines import seated
from tests.web.pages.test_online import fields, move
from tests.web.site.test_metrics import count
from webapp.rules import actions, errors
from webapp.rules import clock as clocks
from webapp.rules.errors import OutOfTimeError
from webapp.web.cycle.cycle import Current, Expected, StaleFormError, step

ONE = frozenset({"1"})


def _clocked(at: float) -> Current:
    """A joined match with 10 s a move, wound at ``at``, as seat 1 sees it."""
    match = clocks.with_clock(actions.Outcome(play(joined()[0], [])), 10).match
    wound = clocks.wound(match, match, at)
    return Current(wound, "m", 3, ONE)


def test_a_step_in_time_applies_the_action_and_winds_the_clock() -> None:
    seen = _clocked(1000.0)
    stepped = step(seen, lambda s: actions.move(s.match, s.held, "B2"), Expected(version=3), 1005)
    assert stepped.refusal is None and stepped.outcome is not None
    assert stepped.outcome.match.game.moves == ("B2",)
    assert stepped.outcome.match.deadline == 1015.0  # the other player's 10 s from now


def test_a_step_after_the_deadline_saves_the_end_and_refuses_saying_why() -> None:
    seen = _clocked(1000.0)
    stepped = step(seen, lambda s: actions.move(s.match, s.held, "B2"), Expected(version=2), 1011)
    assert isinstance(stepped.refusal, OutOfTimeError) and stepped.refusal.code == "out_of_time"
    assert stepped.outcome is not None and stepped.outcome.match.ending == "aborted"


def test_a_stale_step_saves_nothing() -> None:
    seen = _clocked(1000.0)
    stepped = step(seen, lambda s: actions.move(s.match, s.held, "B2"), Expected(version=2), 1001)
    assert isinstance(stepped.refusal, StaleFormError) and stepped.refusal.code == "stale"
    assert stepped.outcome is None


def test_a_move_sent_after_its_deadline_is_told_the_time_ran_out(
    app: Flask, clock: MovableClock
) -> None:
    host, guest, _match = seated(app, "5")
    move(host, "A1")
    move(guest, "B1")
    shown_before = fields(host)  # the page shown before the deadline
    clock.advance(6)
    refused = host.post("/move", data={**shown_before, "cell": "C3"})  # its token, no read
    assert refused.headers["X-Move-Result"] == "refused"
    shown = host.get("/").get_data(as_text=True)
    assert errors.OUT_OF_TIME.message in shown  # the page flashes the refusal's words
    assert api_game(guest)["ended_by"] == "time"


def test_a_change_that_changes_nothing_is_neither_saved_nor_counted(app: Flask) -> None:
    client = app.test_client()
    post(client, "/new", {"x": "user", "o": "user"})
    version = api_game(client)["version"]
    created = count("ttt_matches_created_total", kind="hot-seat")
    assert post(client, "/score/reset").headers["X-Move-Result"] == "accepted"  # 0 to 0
    assert api_game(client)["version"] == version
    assert count("ttt_matches_created_total", kind="hot-seat") == created
