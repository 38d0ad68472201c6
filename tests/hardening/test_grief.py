"""Grief against real gunicorn: an opponent who toggles mute twice a second (and sends a
quick message) neither makes the other player's moves stale, so that they lose on time,
nor wakes the spectators, who can see none of it (issue 36, item 1)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest

from tests.player import Player, Reply
from tests.servers import GunicornServer, file_store_env
from tests.streams import Stream

X_MOVES, O_MOVES = ("A1", "A2", "A3"), ("B1", "B2")  # X wins on row A with its third move
TOGGLES_PER_MOVE = 3  # the opponent's toggles between X's page and X's move


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """gunicorn with 2 workers on the default stores: a toggle saved by one worker reaches
    a stream held by the other through the store."""
    env = {**file_store_env(tmp_path_factory.mktemp("grief")), "FLASK_HEARTBEAT": "0.2"}
    running = GunicornServer(env, workers=2).start()
    yield running
    running.stop()


def api(player: Player, server: str, path: str, body: dict[str, object]) -> Reply:
    """POST JSON to the API with the session's token, as a program does."""
    token = player.game(server)["csrf_token"]
    headers = {"Content-Type": "application/json", "X-CSRFToken": token}
    return player.request(server, "POST", path, raw=json.dumps(body), headers=headers)


def seated(server: str) -> tuple[Player, Player, str]:
    """X (the host) and O (the friend) of a new online match with 30 s a move; its id."""
    host, friend = Player(), Player()
    page = host.get(server)
    new = host.post(server, "/new", {"x": "user", "o": "friend", "clock": "30"}, page)
    assert new.headers["X-Move-Result"] == "accepted"
    invite = host.get(server).text.split('id="invite-link" href="', 1)[1].split('"', 1)[0]
    invite = invite.removeprefix(server)
    joined = friend.post(server, invite, {}, friend.get(server, invite))
    assert joined.headers["X-Move-Result"] == "accepted"
    game = host.game(server)
    assert game["clock"]["per_move"] == 30
    return host, friend, game["online"]["watch"].rsplit("/", 1)[1]


class Griefer:
    """The opponent's second tab: toggles mute every half second until stopped, and sends a
    quick message when asked (after an unmute: a muted player may not send one)."""

    def __init__(self, friend: Player, server: str) -> None:
        self.tab, self.server = friend.tab(), server
        self.toggles = 0
        self.refused: list[int] = []
        self.said = 0  # the version the message made, once sent
        self._asked = threading.Event()
        self._counted = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def wait_for(self, toggles: int) -> None:
        """Until ``toggles`` toggles in all were saved."""
        with self._counted:
            assert self._counted.wait_for(lambda: self.toggles >= toggles, 10)

    def say(self) -> int:
        """Send a message at the next unmute; the version it made."""
        self._asked.set()
        with self._counted:
            assert self._counted.wait_for(lambda: self.said, 10)
        return self.said

    def stop(self) -> None:
        """Stop toggling."""
        self._stop.set()
        self._thread.join(10)

    def _run(self) -> None:
        while not self._stop.is_set():
            muted = self.toggles % 2 == 0
            reply = api(self.tab, self.server, "/api/mute", {"muted": muted})
            said = 0
            if not muted and self._asked.is_set() and not self.said:
                answer = api(self.tab, self.server, "/api/message", {"phrase": "good_luck"})
                said = answer.json()["version"] if answer.status == 200 else -answer.status
            with self._counted:
                if reply.status != 200:
                    self.refused.append(reply.status)
                self.toggles += 1
                self.said = self.said or said
                self._counted.notify_all()
            self._stop.wait(0.5)


def play_through(url: str, host: Player, friend: Player, griefer: Griefer) -> tuple[list[str], int]:
    """X plays each move from a board fetched before the next toggles, O answers at once
    from a fresh board and, once, sends a message; X's results and the message's version."""
    results, said = [], 0
    for turn, cell in enumerate(X_MOVES):
        page = host.get(url)  # X's board, shown before the next toggles
        griefer.wait_for(griefer.toggles + TOGGLES_PER_MOVE)
        reply = host.post(url, "/move", {**page.board_fields, "cell": cell}, page)
        results.append(reply.headers["X-Move-Result"])
        if turn < len(O_MOVES):
            friend.move(url, url, O_MOVES[turn])
        if turn == 1:  # O's message: X's board shows it live, a spectator's does not
            said = griefer.say()
            assert said > 0, f"the message was refused with {-said}"
    return results, said


def test_an_opponent_toggling_mute_neither_stales_the_moves_nor_wakes_the_spectators(
    server: GunicornServer,
) -> None:
    url = server.url
    host, friend, match_id = seated(url)
    start = host.game(url)["version"]
    spectator = Stream(url, f"?match={match_id}&version={start}")
    own = Stream(url, f"?version={start}", sid=host.sid)  # X's own board's stream
    try:
        griefer = Griefer(friend, url)
        try:
            results, said = play_through(url, host, friend, griefer)
        finally:
            griefer.stop()
        game = host.game(url)
        summary = (
            f"X's moves: {results}; {game['status']}, ended by {game['ended_by']}; "
            f"{griefer.toggles} toggles; spectator events so far {spectator.events}"
        )
        assert results == ["accepted"] * len(X_MOVES), summary
        assert game["moves"] == ["A1", "B1", "A2", "B2", "A3"], summary
        # X won on the board (a loss on time would be ended by "time", with no line).
        assert game["line"] == list(X_MOVES) and game["ended_by"] == "line", summary
        assert griefer.toggles >= TOGGLES_PER_MOVE * len(X_MOVES) and not griefer.refused
        # One more change that all see, whose version is known: a stream has told all it
        # will of what came before once it tells this one (its ids only grow). An offer is
        # the players' alone, so the rematch is offered and accepted: a new game.
        api(host, url, "/api/rematch", {})
        accepted = api(friend, url, "/api/rematch", {}).json()["version"]
        spectator.wait_for(accepted)
        own.wait_for(accepted)
    finally:
        spectator.close()
        own.close()
    seen = [version for version, _ in spectator.events]
    assert len(seen) <= len(game["moves"]) + 1 and said not in seen, seen  # moves, the rematch
    # X's board reloads for O's message, not for O's mute, which only O's board shows.
    mine = [version for version, _ in own.events]
    assert said in mine and len(mine) <= len(game["moves"]) + 3, mine  # and the offer
