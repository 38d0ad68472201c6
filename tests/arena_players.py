"""Many players in one arena against real servers (tests/redis and tests/hardening): each
joins through the API, plays every game the arena pairs it in with random moves until the
arena is over, following the arena's and its game's streams as a browser does
(tests/arena_streams.py), and the arena's books are checked against the players' own lists
of games."""

from __future__ import annotations

import http.client
import itertools
import json
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tests import arena_streams
from tests.player import Player, Reply
from tests.seekers import token

POLL = 0.2  # seconds between the snapshots of the one watcher that polls (check_run)
JOINING = 3.0  # seconds over which the players arrive
THINK = 0.4  # seconds a player thinks at most before a move (bench/arena.py: --think)
PATIENCE = 2.0  # seconds more than two players may be seen free (check_run)


@dataclass
class Played:
    """What the players saw: how long each waited for its next game when another was free,
    and every snapshot of the arena a watcher took while it ran."""

    waits: list[float] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    joins: list[Joined] = field(default_factory=list)


@dataclass
class Joined:
    """One player's way in: seconds its token's read took, seconds from its join's first send
    to the answer kept, the requests sent for it, the statuses answered, and when (on
    time.time()) the answer came."""

    token: float = 0.0
    took: float = 0.0
    sent: int = 0
    statuses: list[int] = field(default_factory=list)
    at: float = 0.0
    code: str = ""  # the refusal's code kept, if any


def make_arena(server: str, length: int, clock: int, starts_in: int) -> str:
    """A private arena made on ``server``; its id."""
    maker = Player()
    reply = maker.request(server, "POST", "/api/arenas", raw=_json(
        {"length": length, "clock": clock, "starts_in": starts_in, "private": True}
    ), headers=token(maker, server))  # fmt: skip
    assert reply.status == 200, reply.text
    return str(reply.json()["id"])


def play_arena(servers: list[str], arena_id: str, count: int) -> tuple[list[Player], Played]:
    """``count`` players spread over ``servers`` join and play until the arena is over and
    their last game has ended; a watcher snapshots the standings meanwhile."""
    players = [Player() for _ in range(count)]
    played, done = Played(), threading.Event()
    watcher = threading.Thread(target=_watch, args=(servers[0], arena_id, played, done))
    watcher.start()
    try:
        with ThreadPoolExecutor(count) as pool:
            for future in [
                pool.submit(_play, player, servers[n % len(servers)], arena_id, played)
                for n, player in enumerate(players)
            ]:
                future.result()
    finally:
        done.set()
        watcher.join()
    return players, played


def _call(
    player: Player, server: str, method: str, path: str, seen: Joined | None = None, **kw: Any
) -> Reply:
    """One API call, sent again after the Retry-After of its 503 (about a second, spread)
    while the server says the arena or the game is busy with another request, or after the
    connection failed (a server so loaded that it answered after the client's timeout): a
    thousand players join one arena at once. ``seen`` notes each answer's status (0: none)."""
    for _ in range(50):
        status = 0  # no answer
        try:
            reply = player.request(server, method, path, **kw)
            status = reply.status
        except OSError as error:
            reply = Reply(503, http.client.HTTPMessage(), str(error))
        if seen is not None:
            seen.sent += 1
            seen.statuses.append(status)
        if reply.status != 503:
            return reply
        after = reply.headers.get("Retry-After", "")
        time.sleep((float(after) if after.isdigit() else 0.05) * random.uniform(0.5, 1.5))
    return reply


def _play(player: Player, server: str, arena_id: str, played: Played) -> None:
    """Join (at a moment of the first JOINING seconds, as people arrive), then play each
    game the arena pairs this player in, until it is over: as a browser does, it waits for
    its pairing on the arena's stream and looks at the arena only when an event says it
    plays (the look enters the game), and once after each game (back on the arena's page)."""
    seen, arrival = Joined(), time.monotonic() + random.uniform(0, JOINING)
    while time.monotonic() < arrival:  # in short steps: no sleep of half a second or more
        time.sleep(min(POLL, max(0.0, arrival - time.monotonic())))
    # As a browser opens the arena's page when it arrives (and reloads it after a 503).
    page = _call(player, server, "GET", "/api/game")
    assert page.status == 200, page.text
    headers = {"X-CSRFToken": page.json()["csrf_token"], "Content-Type": "application/json"}
    seen.token = time.monotonic() - arrival
    path, began = f"/api/arenas/{arena_id}/join", time.monotonic()
    joined = _call(player, server, "POST", path, seen, raw="", headers=headers)
    seen.took, seen.at = time.monotonic() - began, time.time()
    if joined.status >= 400 and joined.text.startswith("{"):
        seen.code = str(joined.json().get("code", ""))
    played.joins.append(seen)
    if joined.status == 409 and joined.json()["code"] == "arena_joined":  # a join sent again
        joined = _call(player, server, "GET", f"/api/arenas/{arena_id}")
    if joined.status == 409 and joined.json()["code"] == "arena_over":
        return  # its join was answered after the end (a server too loaded): it plays nothing
    assert joined.status == 200, joined.text
    arena, freed = joined.json(), None  # freed: when this player saw its last game end
    ends = time.monotonic() + datetime.fromisoformat(arena["ends"]).timestamp() - time.time()
    while True:
        if arena["you"]["playing"]:
            if freed is not None and _others_free(arena):
                played.waits.append(time.monotonic() - freed)
            arena_streams.play_game(_call, player, server, THINK, headers)
            freed = time.monotonic()
        elif arena["state"] == "over":
            return
        elif arena["you"]["paused"]:  # paused for missing a first move (a slow machine): back
            _call(player, server, "POST", f"/api/arenas/{arena_id}/join", raw="", headers=headers)
        else:  # the look comes when the stream says so, or at the end, or if it went away
            arena_streams.paired_event(player, server, arena_id, ends + 0.5)
        arena = _call(player, server, "GET", f"/api/arenas/{arena_id}").json()


def _others_free(arena: dict[str, Any]) -> bool:
    """Whether this pairing counts as a wait for a free opponent: not the odd one out, who
    waits for any game to end (all but one play), and not after the arena's end."""
    return bool(arena["state"] == "running" and arena["playing"] > 2)


def running(snapshots: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The snapshots taken while the arena ran, but for its first second: the look that
    answered one may have paired before the start and told its state just after it."""
    return [
        snapshot
        for snapshot in snapshots
        if snapshot["state"] == "running"
        and snapshot["seen_at"] > datetime.fromisoformat(snapshot["starts"]).timestamp() + 1
    ]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` are."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _watch(server: str, arena_id: str, played: Played, done: threading.Event) -> None:
    """Snapshot the arena every POLL seconds until ``done``."""
    watcher = Player()
    while not done.is_set():
        reply = watcher.request(server, "GET", f"/api/arenas/{arena_id}")
        if reply.status == 200:
            played.snapshots.append({**reply.json(), "seen_at": time.time()})
        time.sleep(POLL)


def books(players: list[Player], server: str, arena_id: str) -> dict[str, Any]:
    """The final standings, checked against each player's list of games: points recomputed
    from them (2/1/0, doubled after two wins in a row), games counted, and every game in
    exactly two lists with opposite results. Returns the arena as the API answers it."""
    arena: dict[str, Any] = _read(players[0], server, f"/api/arenas/{arena_id}")
    by_game: dict[str, list[str]] = {}
    for player in players:
        listing = _read(player, server, "/api/games?limit=100")
        entries = listing["games"]
        mine = sorted((e for e in entries if e["arena"] == arena_id), key=lambda e: e["when"])
        points, games, in_row = 0, 0, 0
        for entry in mine:
            by_game.setdefault(entry["game"], []).append(entry["result"])
            if entry["result"] == "aborted":
                continue
            value = {"won": 2, "drawn": 1, "lost": 0}[entry["result"]]
            points += value * (2 if in_row >= 2 else 1)
            games, in_row = games + 1, in_row + 1 if entry["result"] == "won" else 0
        seen = _read(player, server, f"/api/arenas/{arena_id}")
        if seen["you"] is None:  # never joined (its join came after the end): no game
            assert not mine, mine
            continue
        row = next(r for r in seen["standings"] if r["you"])
        # The list's total counts every entry kept, shown or not (entry_json leaves out one
        # not of the documented shape): it tells a game never listed from one left out.
        kept = listing["total"]
        assert (seen["you"]["points"], row["games"]) == (points, games), (row, mine, kept)
    for game, results in by_game.items():
        # An aborted game counts for nobody; a player who never came to it (the first move
        # never made) has it in no list, and that is all it may miss.
        assert sorted(results) in (["drawn", "drawn"], ["lost", "won"], ["aborted", "aborted"],
                                   ["aborted"]), (game, results)  # fmt: skip
    return arena


def _read(player: Player, server: str, path: str) -> dict[str, Any]:
    """A GET's JSON, asked again after a 503 (a server still loaded); any other status fails."""
    reply = _call(player, server, "GET", path)
    assert reply.status == 200, (path, reply.status, reply.text[:300])
    return dict(reply.json())


def opponents(players: list[Player], server: str, arena_id: str) -> list[int]:
    """How many different opponents each player met in the arena, from the players' lists
    of games: two lists hold each game, so each game names its two players."""
    by_game: dict[str, list[int]] = {}
    for number, player in enumerate(players):
        entries = _read(player, server, "/api/games?limit=100")["games"]
        for entry in entries:
            if entry["arena"] == arena_id and entry["result"] != "aborted":
                by_game.setdefault(entry["game"], []).append(number)
    met: list[set[int]] = [set() for _ in players]
    for pair in by_game.values():
        if len(pair) == 2:
            met[pair[0]].add(pair[1])
            met[pair[1]].add(pair[0])
    return [len(them) for them in met]


def _json(body: dict[str, Any]) -> str:
    """``body`` as a JSON text."""
    return json.dumps(body)


def pairing_waits(servers: list[str]) -> tuple[int, int]:
    """How many pairings the ``servers`` made within 2 s of both players being free, and how
    many in all, from their /metrics (each server sums its workers)."""
    within = total = 0
    for server in servers:
        text = Player().get(server, "/metrics").text
        for line in text.splitlines():
            if line.startswith('ttt_arena_pairing_wait_seconds_bucket{le="2.0"}'):
                within += int(float(line.split()[-1]))
            elif line.startswith("ttt_arena_pairing_wait_seconds_count"):
                total += int(float(line.split()[-1]))
    return within, total


def books_refused(servers: list[str]) -> dict[str, int]:
    """The arena scorings the ``servers`` refused, by why, from their /metrics."""
    refused = {"counted_again": 0, "unlisted": 0}
    for server in servers:
        for line in Player().get(server, "/metrics").text.splitlines():
            for why in refused:
                if line.startswith(f'ttt_arena_books_refused_total{{why="{why}"}}'):
                    refused[why] += int(float(line.split()[-1]))
    return refused


def check_run(played: Played) -> None:
    """What every arena run must show: a snapshot while it ran, and at most two players free
    at any of them (the arena pairs whoever is free at once, but two who just met wait a
    moment for another opponent: ARENA_REMATCH_WAIT; a paused player is not free), besides
    those who joined since the snapshot before; any more than that for PATIENCE at most (a
    join or a coming back is saved first, then paired by the same request or, when the arena
    is busy, by the change under way or the settler's next pass). How soon a pairing comes
    is the floor of bench/arena.py (FLOOR_S), by the servers' count."""
    assert running(played.snapshots), "no snapshot while it ran"
    crowded, after = crowd(played)
    assert crowded <= PATIENCE, f"more than two free for {crowded:.1f} s, {after:.1f} s in"


def crowd(played: Played) -> tuple[float, float]:
    """The longest time that the snapshots of the running arena showed more than two players
    free besides those who joined since the snapshot before, and when it began (seconds after
    the start). The same players need not be free all that time: each of them may be paired
    soon, while others come free (a paused player coming back, say)."""
    checked = {id(snapshot) for snapshot in running(played.snapshots)}
    since: float | None = None
    longest, began = 0.0, 0.0
    for before, snapshot in itertools.pairwise(played.snapshots):
        if id(snapshot) not in checked:
            continue
        if snapshot["waiting"] <= 2 + snapshot["players"] - before["players"]:
            since = None
            continue
        since = snapshot["seen_at"] if since is None else since
        if snapshot["seen_at"] - since > longest:
            longest = snapshot["seen_at"] - since
            began = since - datetime.fromisoformat(snapshot["starts"]).timestamp()
    return longest, began
