"""What a change makes stale and whom it wakes: a form or request is checked against the last
change of the game (not against a message or a mute since), and a stream wakes only for a
change its viewer can see (live/audience.py, cycle.Expected, the hub)."""

from __future__ import annotations

from dataclasses import replace

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, match_store, post
from tests.refusals import code
from tests.rules.matches import joined
from tests.web.api.test_api import call
from tests.web.cycle.test_deadlines import seated
from tests.web.pages.test_online import fields
from webapp.rules import Match, actions, messages, moretime, takeback
from webapp.web.cycle.cycle import Current, Expected
from webapp.web.live.audience import FORMS, PUBLIC, acted_on, audiences, seen_versions
from webapp.web.live.live import Hub


def _grief(guest: FlaskClient) -> None:
    """What the opponent does between the host's page and the host's move: toggle mute,
    twice, and send a message."""
    for muted in (True, False):
        assert call(guest, "/api/mute", {"muted": muted}).status_code == 200
    assert call(guest, "/api/message", {"phrase": "good_luck"}).status_code == 200


def test_the_opponents_mutes_and_messages_leave_the_shown_board_playable(app: Flask) -> None:
    host, guest, _match = seated(app, "30")
    shown = fields(host)
    before = api_game(host)["version"]
    _grief(guest)
    assert api_game(host)["version"] == before + 3  # each one is saved, as a version
    response = post(host, "/move", {**shown, "cell": "B2"})
    assert response.headers["X-Move-Result"] == "accepted"
    assert api_game(host)["moves"] == ["B2"]


def test_a_program_s_version_from_before_a_message_still_plays(app: Flask) -> None:
    host, guest, _match = seated(app, "30")
    before = api_game(host)["version"]
    _grief(guest)
    answer = call(host, "/api/move", {"cell": "B2", "version": before})
    assert answer.status_code == 200 and answer.get_json()["moves"] == ["B2"]
    # A move since is a change of the game: the same version is stale now, for either player.
    for version in (before, api_game(host)["version"] + 1):
        stale = call(guest, "/api/move", {"cell": "A1", "version": version})
        assert stale.status_code == 409 and code(stale.get_json()) == "stale"


def test_a_message_needs_no_version_and_a_move_since_does_not_refuse_it(app: Flask) -> None:
    host, guest, _match = seated(app, "30")
    shown = fields(guest)
    assert post(host, "/move", {**fields(host), "cell": "B2"}).headers["X-Move-Result"] == (
        "accepted"
    )
    said = post(guest, "/message", {"match": shown["match"], "phrase": "oops"})
    assert said.headers["X-Move-Result"] == "accepted"
    assert [m["phrase"] for m in api_game(host)["online"]["messages"]] == ["oops"]


def test_an_undo_then_another_move_is_still_stale(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "B2"})
    shown = fields(client)
    post(client, "/undo", fields(client))
    post(client, "/move", {**fields(client), "cell": "A1"})
    assert api_game(client)["moves"] == ["A1"]
    response = post(client, "/move", {**shown, "cell": "C3"})
    assert response.headers["X-Move-Result"] == "refused"
    assert api_game(client)["moves"] == ["A1"]


def test_the_stored_match_keeps_the_last_public_version(app: Flask) -> None:
    _host, guest, match_id = seated(app, "30")
    record = match_store(app).get(match_id)
    assert record is not None
    public = seen_versions(record.data, record.version)[PUBLIC]
    assert public == record.version  # the join was a change everyone saw
    _grief(guest)
    record = match_store(app).get(match_id)
    assert record is not None
    seen = seen_versions(record.data, record.version)
    assert seen[PUBLIC] == public and seen["2"] == record.version  # the guest's own
    assert seen["1"] == record.version  # the guest's message shows on the host's board


def _data(match: Match) -> dict[str, object]:
    return match.to_dict()


def test_who_sees_a_mute_a_message_and_a_move() -> None:
    match = joined()[0]
    start = audiences(None, 0, _data(match))
    assert seen_versions(start, 1) == {PUBLIC: 1, FORMS: 1, "1": 1, "2": 1}
    muted = messages.mute(match, frozenset({"2"}), True).match
    after_mute = audiences(start, 1, _data(muted))
    assert seen_versions(after_mute, 2) == {PUBLIC: 1, FORMS: 1, "1": 1, "2": 2}
    # The host's message to a guest who mutes: only the host sees it.
    said = messages.message(muted, frozenset({"1"}), "thanks", 5.0).match
    after_message = audiences(after_mute, 2, _data(said))
    assert seen_versions(after_message, 3) == {PUBLIC: 1, FORMS: 1, "1": 3, "2": 2}
    moved = actions.move(said, frozenset({"1"}), "B2").match
    assert seen_versions(audiences(after_message, 3, _data(moved)), 4) == dict.fromkeys(
        (PUBLIC, FORMS, "1", "2"), 4
    )
    # A change of nothing is not a change: the same data comes back, and nothing is saved.
    assert audiences(after_message, 3, _data(said)) is after_message


def test_expected_counts_the_versions_since_the_last_public_change_as_current() -> None:
    seen = Current(Match.between("user", "user"), "m", 7, public=4)
    assert [Expected(version=v).is_stale(seen) for v in (3, 4, 5, 7, 8)] == [
        True,
        False,
        False,
        False,
        True,
    ]
    assert not Expected(match_id="m").is_stale(seen)
    assert Expected(version=4).is_stale(Current(seen.match, "m", 7))  # public unknown: exact


def test_a_spectator_stream_sleeps_through_a_private_change(app: Flask) -> None:
    hub: Hub = app.extensions["live"]
    with hub.watching("private-test") as watch:
        hub.changed("private-test", 5, {PUBLIC: 3, "1": 5, "2": 3})
        assert hub.wait(watch, 3, 0.05) == 3  # a spectator: nothing it can see
        assert hub.wait(watch, 3, 0.05, "2") == 3  # the player who did not send it
        assert hub.wait(watch, 3, 0.05, "1") == 5
        hub.changed("private-test", 6, {PUBLIC: 6, "1": 6, "2": 6})
        assert hub.wait(watch, 3, 0.05) == 6
        hub.changed("private-test", 7, {})  # a store that cannot say: everyone wakes
        assert hub.wait(watch, 6, 0.05) == 7


def test_a_takeback_asked_and_withdrawn_wakes_the_players_only_and_stales_no_move() -> None:
    """An offer made and withdrawn over and over is no grief: spectators never see it, and a
    form from before it still plays (a move answers open offers)."""
    match = actions.move(joined()[0], frozenset({"1"}), "B2").match
    start = audiences(None, 0, _data(match))
    asked = takeback.takeback(match, frozenset({"1"}), None).match
    after_ask = audiences(start, 1, _data(asked))
    assert seen_versions(after_ask, 2) == {PUBLIC: 1, FORMS: 1, "1": 2, "2": 2}
    withdrawn = takeback.takeback(asked, frozenset({"1"}), False).match
    after = audiences(after_ask, 2, _data(withdrawn))
    assert seen_versions(after, 3) == {PUBLIC: 1, FORMS: 1, "1": 3, "2": 3}
    shown = Current(withdrawn, "m", 3, frozenset({"2"}), public=1)
    assert not Expected(match_id="m", version=1).is_stale(shown)


def test_time_given_shows_to_everyone_and_stales_no_form() -> None:
    """The deadline moved by a moretime is public (spectators see the clock), but a form made
    before it plays the same position: what forms act on stays."""
    match = replace(actions.move(joined()[0], frozenset({"1"}), "B2").match, clock=30, deadline=9.0)
    start = audiences(None, 0, _data(match))
    given = moretime.give_time(match, frozenset({"1"})).match
    after = audiences(start, 1, _data(given))
    assert seen_versions(after, 2) == {PUBLIC: 2, FORMS: 1, "1": 2, "2": 2}
    assert acted_on(after, 2) == 1
