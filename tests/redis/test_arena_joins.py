"""An acknowledged arena join always shows, on two gunicorn servers over one Redis (issue 45:
once, a player whose join answered 200 was never in the standings). A new browser's first
requests sent at once each store a session of their own, and the browser keeps the cookie
answered last: every such session is the same browser's, so it is in the arena it joined."""

from __future__ import annotations

from tests.arena_players import make_arena
from tests.player import Player
from tests.seekers import token


def test_a_join_and_a_name_drawn_at_once_on_two_servers_are_one_browsers(
    servers: tuple[str, str],
) -> None:
    first, second = servers
    arena_id = make_arena(first, length=60, clock=5, starts_in=60)
    joiner = Player()
    headers = token(joiner, first)  # a visitor cookie, no session yet
    tab = Player()
    tab.visitor = joiner.visitor  # the same browser's other request, sent before any answer
    path = f"/api/arenas/{arena_id}/join"
    joined = joiner.request(first, "POST", path, raw="", headers=headers)
    assert joined.status == 200 and joined.json()["you"] is not None
    assert tab.request(second, "GET", "/api/name").status == 200  # its own session, answered last
    seen = tab.request(first, "GET", f"/api/arenas/{arena_id}").json()
    assert seen["you"] is not None and len(seen["standings"]) == 1
