"""A store that cannot be written: every post is refused with the 503 page, and says so.

The store's directory is made unwritable under a running gunicorn with ``chattr +i``
(immutable). The tests run as root, which ignores permission bits, so ``chmod`` would not stop
a write. Rejected alternatives: a full tmpfs needs ``mount``, which not every container grants,
and SQLite rewrites its WAL file from the start after a checkpoint, in space it already holds,
so a full filesystem does not always fail a save; running gunicorn as ``nobody`` needs the
interpreter and the virtualenv readable by that user, and here the interpreter lives under
root's private home. ``chattr`` needs only root and a filesystem with inode flags (ext4, xfs,
btrfs; tmpfs on recent kernels), as the temporary directory is here and in CI; where it is
not, the tests skip, and fail under CI.

The flag is checked at every write, so it also stops writes through the database connections
that the workers hold open (SQLite reports a disk I/O error), not only the creation of files.
The database file, its WAL (``-wal``), the session files and their directories are frozen;
WAL's index (``-shm``) is left writable here: a write to that map in a frozen folder may kill
the worker with SIGBUS (tests/hardening/test_store_faults.py plays through that).

Fails on the main before the redesign (65662e2), whose store was the directory of session
files: each form was answered 503 with ``X-Move-Result: accepted``, and the API's 503 had no
``X-Move-Result`` at all.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.player import STORE_DOWN, TRACEBACK, Player, Reply
from tests.refusals import code
from tests.servers import GunicornServer, file_store_env, require_program

PEOPLE = ("user", "user")
COMPUTERS = ("easy", "easy")
# (form, the players of the match it is sent in, the fields its button adds to the page's)
FORMS = [
    ("/move", PEOPLE, {"cell": "C3"}),
    ("/step", COMPUTERS, {}),
    ("/finish", COMPUTERS, {}),
    ("/undo", PEOPLE, {}),
    ("/again", PEOPLE, {}),
    ("/swap", PEOPLE, {}),
    ("/new", PEOPLE, {"x": "hard", "o": "user"}),
    ("/score/reset", PEOPLE, {}),
]
# The setup form and the score form send only their own fields, not the board's.
NOT_BOARD_FORMS = {"/new", "/score/reset"}
API = [
    ("/api/move", PEOPLE, {"cell": "C3"}),
    ("/api/step", COMPUTERS, {"to_end": True}),
    ("/api/undo", PEOPLE, {}),
    ("/api/new", PEOPLE, {"x": "hard", "o": "user"}),
]


class Store:
    """The directory of a server's matches and sessions, which a test can freeze."""

    def __init__(self, directory: Path, chattr: str) -> None:
        """The store in ``directory``, frozen and thawed with the program ``chattr``."""
        self.directory = directory
        self.chattr = chattr

    @contextmanager
    def unwritable(self) -> Iterator[None]:
        """Make the store's directories and files immutable for the block, root or not."""
        frozen = [
            self.directory,
            *(path for path in sorted(self.directory.rglob("*")) if not path.name.endswith("-shm")),
        ]
        subprocess.run([self.chattr, "+i", *map(str, frozen)], check=True)
        try:
            yield
        finally:
            subprocess.run([self.chattr, "-i", *map(str, frozen)], check=True)


def _can_freeze(chattr: str, directory: Path) -> bool:
    """Whether ``chattr +i`` works here (root, and a filesystem with inode flags)."""
    probe = directory / "probe"
    probe.write_text("")
    frozen = subprocess.run([chattr, "+i", str(probe)], capture_output=True).returncode == 0
    if frozen:
        subprocess.run([chattr, "-i", str(probe)], check=True)
    probe.unlink()
    return frozen


@pytest.fixture(scope="module")
def chattr(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The ``chattr`` program, once it is known to work here."""
    chattr = require_program("chattr", "e2fsprogs")
    if not _can_freeze(chattr, tmp_path_factory.mktemp("probe")):
        message = "chattr +i needs root and a filesystem with inode flags"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return chattr


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, chattr: str) -> Store:
    """The store directory of the module's server."""
    return Store(tmp_path_factory.mktemp("store"), chattr)


@pytest.fixture(scope="module")
def server(store: Store) -> Iterator[GunicornServer]:
    """gunicorn with 2 workers on the default stores, all in ``store``'s directory."""
    running = GunicornServer(file_store_env(store.directory), workers=2).start()
    yield running
    running.stop()


def _match_in_play(server: GunicornServer, players: tuple[str, str]) -> Player:
    """A player whose match every form of the table can change: for people, a game won by X
    (so the score is not empty), then the next game with one move; for computers, a new game
    that has moves to come."""
    player = Player()
    assert player.new_game(server.url, *players).status == 303
    if players == PEOPLE:
        for cell in ("A1", "B1", "A2", "B2", "A3"):
            assert player.move(server.url, server.url, cell).status == 303
        assert player.press(server.url, "/again").headers["X-Move-Result"] == "accepted"
        assert player.move(server.url, server.url, "B2").headers["X-Move-Result"] == "accepted"
        assert sum(player.game(server.url)["tally"]["wins"].values()) == 1
    return player


def _state(player: Player, server: GunicornServer) -> dict[str, Any]:
    """The match as /api/game shows it, without the CSRF token (its signature has a time)."""
    game = player.game(server.url)
    game.pop("csrf_token")
    return game


def _assert_refused_page(reply: Reply) -> None:
    """The plain 503 page: no redirect, no traceback, and a header that says nothing took."""
    assert reply.status == 503, reply.text
    assert reply.headers["X-Move-Result"] == "refused"
    assert "Location" not in reply.headers
    assert reply.headers.get_content_type() == "text/html"
    assert STORE_DOWN in reply.text and "Back to the game" in reply.text
    assert TRACEBACK not in reply.text and 'File "' not in reply.text


@pytest.mark.parametrize(("url", "players", "extra"), FORMS)
def test_every_form_is_refused_while_the_store_cannot_be_written(
    store: Store, server: GunicornServer, url: str, players: tuple[str, str], extra: dict[str, str]
) -> None:
    """503, ``X-Move-Result: refused``, the plain page; reads still work and the match is as
    before. Once the store can be written again, the same form is accepted at once (so the
    save was what failed, and no worker kept a read-only connection from the outage)."""
    player = _match_in_play(server, players)
    page = player.get(server.url)
    fields = extra if url in NOT_BOARD_FORMS else {**page.board_fields, **extra}
    before = _state(player, server)

    with store.unwritable():
        _assert_refused_page(player.post(server.url, url, fields, page))
        assert _state(player, server) == before  # reads still work

    assert _state(player, server) == before
    again = player.post(server.url, url, fields, page)
    assert again.status == 303 and again.headers["X-Move-Result"] == "accepted"
    assert _state(player, server)["version"] == before["version"] + 1


@pytest.mark.parametrize(("url", "players", "body"), API)
def test_every_api_change_is_a_json_503_while_the_store_cannot_be_written(
    store: Store, server: GunicornServer, url: str, players: tuple[str, str], body: dict[str, Any]
) -> None:
    """The API's answer is a JSON 503 with ``X-Move-Result: refused``; nothing changes."""
    player = _match_in_play(server, players)
    before = player.game(server.url)
    headers = {"X-CSRFToken": before.pop("csrf_token"), "Content-Type": "application/json"}
    if url != "/api/new":
        body = {**body, "version": before["version"]}

    with store.unwritable():
        reply = player.request(server.url, "POST", url, raw=json.dumps(body), headers=headers)
        assert reply.status == 503 and reply.headers["X-Move-Result"] == "refused"
        assert code(reply.json()) == "store_unavailable" and TRACEBACK not in reply.text

    assert _state(player, server) == before
    reply = player.request(server.url, "POST", url, raw=json.dumps(body), headers=headers)
    assert reply.status == 200, reply.text
    assert _state(player, server)["version"] == before["version"] + 1


def test_workers_that_first_reach_the_store_while_it_cannot_be_written_recover(
    chattr: str, tmp_path: Path
) -> None:
    """A new server whose workers have not used the store yet: the first posts meet a store
    that cannot be written (sent at once, so both workers open their connection to it then),
    and once it can be written again, every worker saves again: nothing stays read-only."""
    store = Store(tmp_path / "store", chattr)
    store.directory.mkdir()
    server = GunicornServer(file_store_env(store.directory), workers=2).start()
    try:
        player = Player()
        page = player.get(server.url)
        form = {"csrf_token": page.field("csrf_token"), "cell": "B2"}

        def post(_: int) -> Reply:
            """The first move, from a tab of the player."""
            return player.tab().request(server.url, "POST", "/move", form)

        with store.unwritable(), ThreadPoolExecutor(max_workers=10) as pool:
            replies = list(pool.map(post, range(20)))
        assert {(reply.status, reply.headers["X-Move-Result"]) for reply in replies} == {
            (503, "refused")
        }
        assert player.game(server.url)["moves"] == []

        for cell in ("B2", "A1", "C3", "A3", "A2", "C2", "B1", "B3", "C1"):
            reply = player.move(server.url, server.url, cell)
            assert reply.status == 303, reply.text
            assert reply.headers["X-Move-Result"] == "accepted", cell
    finally:
        server.stop()
