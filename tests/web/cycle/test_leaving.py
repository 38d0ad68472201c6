"""Leaving a match for another: the rules' terms decided again in the left match's commit, so
that a friend who joined after the leaver's page was read is not left alone there."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.conftest import api_game, match_store, post
from tests.web.pages.test_online import invite, join
from webapp.rules import Match, RuleError, actions, read, seating
from webapp.web.cycle import leaving
from webapp.web.cycle.cycle import Current


def test_a_friend_who_joined_after_the_leave_was_read_keeps_the_inviter(app: Flask) -> None:
    host, friend = app.test_client(), app.test_client()
    path = invite(host)
    match_id = path.removeprefix("/join/").split(".")[0]
    before = match_store(app).get(match_id)
    assert before is not None
    host_key = read(before.data).seat("1").key
    seen = Current(read(before.data), match_id, before.version, frozenset({"1"}))
    assert join(friend, path).headers["X-Move-Result"] == "accepted"

    def holding(match: Match) -> frozenset[str]:
        return match.held_by([host_key], home=True)

    with app.test_request_context(), pytest.raises(RuleError) as caught:
        leaving.leave(seen, actions.leave, holding)
    assert caught.value.code == "online_in_play"
    after = match_store(app).get(match_id)
    assert after is not None and after.version == before.version + 1  # the join alone
    assert not seating.withdrawn(read(after.data)) and api_game(friend)["you"] == "O"


def test_a_new_game_refused_leaves_the_open_invite_as_it_was(app: Flask) -> None:
    host = app.test_client()
    path = invite(host)
    finished = {"x": "user", "o": "easy", "position": "XXXOO____"}
    assert post(host, "/new", finished).headers["X-Move-Result"] == "refused"
    assert join(app.test_client(), path).headers["X-Move-Result"] == "accepted"
    assert api_game(host)["you"] == "X" and api_game(host)["online"]["full"]
