"""This browser's match: stored at the first change, a version per change, shared by id."""

from __future__ import annotations

import json
import re
import sqlite3
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, match_store, play, post, stored_match
from tests.web.shown import page
from webapp.rules import Match, read
from webapp.rules.termination import Termination
from webapp.store import Record
from webapp.store import record as record_module
from webapp.store.record import encode
from webapp.web.cycle import decoded, matches

MATCH = "m" * 22  # a match id of the stored shape


def _fields(client: FlaskClient) -> dict[str, str]:
    """The match and version the board's forms send."""
    page = client.get("/").get_data(as_text=True)
    return dict(re.findall(r'name="(match|version)" value="([^"]*)"', page))


def test_a_visitor_who_only_looks_stores_no_match(app: Flask, client: FlaskClient) -> None:
    for url in ("/", "/new", "/api/game", "/?hint=1", "/replay/0"):
        client.get(url)
    assert stored_match(app, client) is None
    assert api_game(client)["version"] == 0


def test_every_change_is_one_more_version(app: Flask, client: FlaskClient) -> None:
    cells = [("/move", {"cell": cell}) for cell in ("A2", "B2", "A3")]  # X wins
    changes = [
        ("/move", {"cell": "A1"}),
        ("/move", {"cell": "B1"}),
        ("/undo", {}),
        ("/move", {"cell": "B1"}),  # the same ply as before the undo: a new version all the same
        *cells,
        ("/again", {}),
        ("/swap", {}),
        ("/score/reset", {}),
        ("/new", {"x": "user", "o": "hard"}),
        ("/move", {"cell": "B2"}),
    ]
    for version, (path, form) in enumerate(changes, start=1):
        response = post(client, path, form)
        assert response.headers["X-Move-Result"] == "accepted", path
        record = stored_match(app, client)
        assert record is not None and record.version == version, path
        assert _fields(client) == {"match": record.match_id, "version": str(version)}


def test_a_refused_change_stores_nothing(app: Flask, client: FlaskClient) -> None:
    play(client, ("A1",))
    before = stored_match(app, client)
    for path, form in (("/move", {"cell": "A1"}), ("/step", {}), ("/move", {"cell": "Z9"})):
        assert post(client, path, form).headers["X-Move-Result"] == "refused"
    assert stored_match(app, client) == before


def _second_browser_at_the_match_of(app: Flask, first: FlaskClient) -> FlaskClient:
    """Another browser whose session is at ``first``'s match, as a device of the same player."""
    record = stored_match(app, first)
    assert record is not None
    second = app.test_client()
    second.get("/")
    with second.session_transaction() as session:
        session["match"] = record.match_id
    return second


def test_two_browsers_at_one_match_see_and_play_the_same_board(app: Flask) -> None:
    first = app.test_client()
    play(first, ("B2",))
    second = _second_browser_at_the_match_of(app, first)
    assert api_game(second)["moves"] == ["B2"]
    play(second, ("A1",))
    assert api_game(first)["moves"] == ["B2", "A1"]
    assert api_game(first)["version"] == api_game(second)["version"] == 2


def test_a_form_from_the_other_browser_before_its_move_is_stale(app: Flask) -> None:
    first = app.test_client()
    play(first, ("B2",))
    second = _second_browser_at_the_match_of(app, first)
    seen = _fields(second)
    play(first, ("A1",))
    response = post(second, "/move", {"cell": "C3", **seen})
    assert response.headers["X-Move-Result"] == "refused"
    assert api_game(first)["moves"] == ["B2", "A1"]


def test_match_ids_are_unguessable_and_distinct(app: Flask) -> None:
    ids = set()
    for _ in range(20):
        client = app.test_client()
        play(client, ("B2",))
        record = stored_match(app, client)
        assert record is not None and re.fullmatch(r"[\w-]{22}", record.match_id)
        ids.add(record.match_id)
    assert len(ids) == 20
    assert match_store(app).get("A" * 22) is None


def test_a_version_that_is_not_a_short_number_is_stale_not_an_error(client: FlaskClient) -> None:
    play(client, ("B2",))
    match_id = _fields(client)["match"]
    for version in ("²", "9" * 5000, "-1", "1.0", "", " 1"):
        response = post(client, "/move", {"cell": "A1", "match": match_id, "version": version})
        assert response.status_code == 303, version
        assert response.headers["X-Move-Result"] == "refused", version
    assert api_game(client)["moves"] == ["B2"]


def test_a_match_that_expired_is_not_reused_for_the_next_one(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    post(host, "/new", {"x": "user", "o": "friend"})
    invite = page(host).link(page(host).ids["invite-link"]).removeprefix("http://localhost")
    post(guest, invite)
    with host.session_transaction() as session:
        old = session["match"]
    with sqlite3.connect(app.config["DATABASE"]) as db:  # as a sweep after 30 days would
        db.execute("DELETE FROM matches")
    post(host, "/move", {"cell": "B2"})  # the host's next change starts a new match
    assert api_game(host)["board"] == "____X____" and api_game(host)["online"] is None
    # The friend's session names the old id: it shows a new board of its own, not the host's,
    # and the friend's first move there starts the friend's own match.
    assert api_game(guest)["board"] == "_________"
    assert post(guest, "/move", {"cell": "A1"}).headers["X-Move-Result"] == "accepted"
    assert api_game(guest)["board"] == "X________" and api_game(host)["board"] == "____X____"
    with host.session_transaction() as session:
        assert session["match"] != old


def test_a_stored_version_is_decoded_once_and_a_new_game_anew(app: Flask) -> None:
    first = Match.between("user", "hard").to_dict()
    again = {**first, "moves": ["B2"], "game_id": first["game_id"] + "2"}  # the id came back

    def shown(data: dict[str, Any], version: int) -> Match:
        current = matches.watched(MATCH, Record(MATCH, version=version, raw=encode(data)))
        assert current is not None
        return current.match

    with app.test_request_context("/"):
        kept = shown(first, 1)
        assert shown(dict(first), 1) is kept
        assert shown(first, 2) is not kept
        other = shown(again, 1)
    assert kept.game.moves == () and other.game.moves == ("B2",)


def test_the_version_a_change_saved_is_kept_decoded_as_it_reads_back(
    app: Flask, client: FlaskClient
) -> None:
    post(client, "/new", {"x": "user", "o": "hard"})
    play(client, ["B2"])  # the computer answers: its move is in the saved match too
    record = stored_match(app, client)
    assert record is not None

    def undecodable() -> decoded.Decoded:
        raise AssertionError("the saved version was decoded again")

    kept = decoded.decoded(match_store(app), record, undecodable).match
    assert kept == read(record.data) and kept.game.ply == 2
    # A version saved since (here, by hand: another worker's) is decoded, not taken as kept.
    newer = Record(record.match_id, version=record.version + 1, raw=record.raw)
    again = decoded.decoded(match_store(app), newer, lambda: decoded.Decoded(read(newer.data), 0))
    assert again.match == kept and again.public == 0


def test_a_version_number_that_comes_back_with_other_text_is_decoded_anew(
    app: Flask,
) -> None:
    match = Match.between("user", "hard")
    first = match.to_dict()
    # The same id, version and game, as a store that lost acknowledged writes could save again.
    moved = {**first, "moves": ["B2"]}
    later = {**first, "deadline": 1e9}
    ended = match.ended(Termination.RESIGN, "O").to_dict()
    drawn = {**first, "draws": 3}  # not the game's state: only the whole text tells it apart

    def shown(data: dict[str, Any]) -> Match:
        current = matches.watched(MATCH, Record(MATCH, version=7, raw=encode(data)))
        assert current is not None
        return current.match

    with app.test_request_context("/"):
        kept = shown(first)
        assert shown(dict(first)) is kept
        assert shown(moved).game.moves == ("B2",) and kept.game.moves == ()
        assert shown(later).deadline == 1e9
        assert shown(ended).winner == "O"
        assert shown(drawn).score.draws == 3 and kept.score.draws == 0
        assert shown(first) is kept


def test_a_kept_version_read_again_decodes_nothing(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    decodes: list[str | bytes] = []

    def counted(text: str | bytes) -> Any:
        decodes.append(text)
        return json.loads(text)

    post(client, "/new", {"x": "user", "o": "hard"})
    play(client, ["B2"])
    monkeypatch.setattr(record_module, "json", SimpleNamespace(loads=counted, dumps=json.dumps))
    for _ in range(2):  # the version the move saved, read by the page it redirected to
        assert client.get("/").status_code == 200
    assert decodes == []
    # A version another worker saved is decoded once, then kept.
    saved = stored_match(app, client)
    assert saved is not None
    with match_store(app).locked(saved.match_id) as record:
        record.data = {**(record.data or {}), "draws": 5}
    decodes.clear()  # the locked read's
    assert api_game(client)["score"]["draws"] == 5
    assert client.get("/").status_code == 200
    assert len(decodes) == 1


def test_a_spectator_of_a_kept_version_decodes_nothing(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    post(client, "/new", {"x": "user", "o": "hard"})
    play(client, ["B2"])
    saved = stored_match(app, client)
    assert saved is not None
    decodes: list[str | bytes] = []

    def counted(text: str | bytes) -> Any:
        decodes.append(text)
        return json.loads(text)

    assert client.get("/").status_code == 200  # the version the move saved, kept
    monkeypatch.setattr(record_module, "json", SimpleNamespace(loads=counted, dumps=json.dumps))
    watcher = app.test_client()
    # The watch page, and a program's stream of the match as it opens (GET /api/game has no
    # ``match``: it answers the watcher's own new board, which reads no record at all).
    for path in (f"/watch/{saved.match_id}", f"/api/events?match={saved.match_id}"):
        answer = watcher.get(path, buffered=False)
        answer.close()
        assert answer.status_code == 200, path
    assert decodes == []
