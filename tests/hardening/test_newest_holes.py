"""The holes a fresh attacker found in the newest features, tried again against real gunicorn
(issue 36, items 3, 5, 6 and 7): leaving a live match by another link, a POST answered
without X-Move-Result, text mode's three slips, and a late move told the wrong reason."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime

import pytest

from tests.player import Player, Reply
from tests.servers import GunicornServer, file_store_env

STILL_PLAYING = "Resign or abort this online game first"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn with 2 workers on the default stores."""
    running = GunicornServer(file_store_env(tmp_path_factory.mktemp("holes")), workers=2).start()
    yield running.url
    running.stop()


def _online(server: str, clock: str = "0") -> tuple[Player, Player, str]:
    """X (the host) and O (the friend) seated in a new online match; the invite's path."""
    host, friend = Player(), Player()
    new = host.post(server, "/new", {"x": "user", "o": "friend", "clock": clock}, host.get(server))
    assert new.headers["X-Move-Result"] == "accepted"
    invite = _link(host.get(server), "invite-link", server)
    joined = friend.post(server, invite, {}, friend.get(server, invite))
    assert joined.headers["X-Move-Result"] == "accepted"
    return host, friend, invite


def _link(page: Reply, element_id: str, server: str) -> str:
    """The path of the link ``element_id`` on ``page``."""
    return page.text.split(f'id="{element_id}" href="', 1)[1].split('"', 1)[0].removeprefix(server)


def _type(player: Player, server: str, typed: str, extra: dict[str, str] | None = None) -> Reply:
    """Type ``typed`` in text mode's field of the board, as its form sends it."""
    page = player.get(server)
    return player.post(
        server, "/text", {**page.board_fields, "command": typed, **(extra or {})}, page
    )


def test_no_other_link_takes_a_player_out_of_a_live_match(server: str) -> None:
    host, _friend, _invite = _online(server)
    assert host.move(server, server, "B2").headers["X-Move-Result"] == "accepted"
    other = Player()
    other.post(server, "/new", {"x": "user", "o": "friend"}, other.get(server))
    shown = other.get(server)
    invite, seat = _link(shown, "invite-link", server), _link(shown, "seat-link", server)
    before = host.game(server)
    joined = host.post(server, invite, {}, host.get(server, invite))
    moved = host.post(server, seat, {}, host.get(server, seat))
    assert joined.headers["X-Move-Result"] == moved.headers["X-Move-Result"] == "refused"
    after = host.game(server)
    assert after["online"]["watch"] == before["online"]["watch"] and after["you"] == "X"
    assert after["moves"] == ["B2"] and STILL_PLAYING in host.get(server).text


def test_every_post_answers_with_its_result(server: str) -> None:
    host, _friend, _invite = _online(server)
    page = host.get(server)
    inviter = Player()
    inviter.post(server, "/new", {"x": "user", "o": "friend"}, inviter.get(server))
    invite = _link(inviter.get(server), "invite-link", server)
    answers = {
        "/new with a bad field": host.post(server, "/new", {"x": "nobody", "o": "user"}, page),
        "/settings": host.post(server, "/settings", {"display": "board", "language": "en"}, page),
        "/settings, refused": host.post(server, "/settings", {"display": "x"}, page),
        "/games/clear": host.post(server, "/games/clear", {}, page),
        "/join of one's own invite": inviter.post(server, invite, {}, inviter.get(server)),
        "/text resign": _type(host, server, "resign"),
    }
    missing = {name for name, reply in answers.items() if "X-Move-Result" not in reply.headers}
    assert missing == set()
    assert answers["/join of one's own invite"].headers["X-Move-Result"] == "refused"


def test_text_mode_plays_a_cell_at_the_question_and_refuses_a_spectator(server: str) -> None:
    host, friend, _invite = _online(server)
    assert _type(host, server, "resign").headers["Location"].endswith("confirm=resign")
    _type(host, server, "B2", {"confirm": "resign"})
    assert host.game(server)["moves"] == ["B2"]  # the cell answered no, and was played
    assert _type(friend, server, "12").headers["X-Move-Result"] == "refused"
    assert "That is not a cell" in friend.get(server).text
    spectator, _other, _link_path = _online(server)  # a spectator with a live match of its own
    watch = host.game(server)["online"]["watch"].removeprefix(server)
    page = spectator.get(server, f"{watch}?text=1")  # text mode, as a shared link asks
    fields = {"match": page.field("match"), "watch": page.field("match"), "command": "resign"}
    asked = spectator.post(server, "/text", fields, page)
    answered = spectator.post(
        server, "/text", {**fields, "command": "yes", "confirm": "resign"}, page
    )
    assert asked.headers["X-Move-Result"] == answered.headers["X-Move-Result"] == "refused"
    assert spectator.game(server)["ended_by"] is None and host.game(server)["ended_by"] is None


def test_a_move_after_its_deadline_is_told_the_time_ran_out(server: str) -> None:
    host, friend, _invite = _online(server, clock="1")
    assert host.move(server, server, "A1").headers["X-Move-Result"] == "accepted"
    assert friend.move(server, server, "B1").headers["X-Move-Result"] == "accepted"
    page = host.get(server)  # X's board, shown in time
    deadline = datetime.fromisoformat(host.game(server)["clock"]["deadline"]).timestamp()
    # The server's clock cannot be moved from here: X's one second (the shortest clock) runs
    # out for real, watched on this machine's clock, which the server shares (the deadline is
    # shown in whole seconds, so up to one more); the move is the first request to read the
    # match after it.
    while time.time() <= deadline + 1.0:
        time.sleep(0.05)
    late = host.post(server, "/move", {**page.board_fields, "cell": "A2"}, page)
    assert late.headers["X-Move-Result"] == "refused"
    assert "The time for this move has run out" in host.get(server).text
    assert friend.game(server)["ended_by"] == "time"
