"""The app's stores (matches, arenas' rows, pairing, lists of games, games in play: Redis or
SQLite), and ``flask sweep``."""

from __future__ import annotations

import click
from flask import Flask

from ...settings import RedisClient
from ...store import MatchStore, RedisStore, SQLiteStore
from ...store.arena_rows import ArenaRows
from ...store.history import GameHistory
from ...store.live_games import LiveGames
from ...store.pairing import Pools
from ...store.redis_arenas import RedisArenas
from ...store.redis_history import RedisHistory
from ...store.redis_live import RedisLiveGames
from ...store.redis_pairing import RedisPools
from ...store.sqlite_arenas import SQLiteArenas
from ...store.sqlite_history import SQLiteHistory
from ...store.sqlite_live import SQLiteLiveGames
from ...store.sqlite_pairing import SQLitePairing
from .sessions import sweep_files

POOLS = ("", "5x5", "7x7")  # quick pairing's queues, by board: "" is 3x3's, as before


def init_app(app: Flask, client: RedisClient | None) -> None:
    """Open the match store (Redis through ``client``, else SQLite); add ``flask sweep``."""
    config = app.config
    lifetime = config["MATCH_LIFETIME"].total_seconds()
    wait = float(config["STORE_LOCK_TIMEOUT"])
    match_store: MatchStore
    games: GameHistory
    playing: LiveGames
    arenas: ArenaRows
    pairs: Pools
    if client is not None:
        match_store = RedisStore(client, lifetime, wait, float(config["REDIS_LOCK_EXPIRY"]))
        pairs = RedisPools(client, POOLS)
        games = RedisHistory(client, lifetime)
        playing = RedisLiveGames(client)
        arenas = RedisArenas(client, lifetime, wait)
    else:
        match_store = SQLiteStore(config["DATABASE"], lifetime, wait)
        pairs = Pools({pool: SQLitePairing(config["DATABASE"], wait, pool) for pool in POOLS})
        games = SQLiteHistory(config["DATABASE"], lifetime, wait)
        playing = SQLiteLiveGames(config["DATABASE"], wait)
        arenas = SQLiteArenas(config["DATABASE"], lifetime, wait)
    app.extensions["match_store"] = match_store
    app.extensions["pairing"] = pairs
    app.extensions["history"] = games
    app.extensions["live_games"] = playing
    app.extensions["arena_rows"] = arenas

    @app.cli.command("sweep")
    def sweep() -> None:
        """Delete matches and session files unchanged for longer than their lifetime."""
        click.echo(f"removed {match_store.sweep()} expired matches")
        click.echo(f"removed {games.sweep()} expired games from lists of games")
        click.echo(f"removed {arenas.sweep()} players of expired arenas")
        if client is None:
            session_lifetime = config["PERMANENT_SESSION_LIFETIME"].total_seconds()
            removed = sweep_files(config["SESSION_DIR"], session_lifetime)
            click.echo(f"removed {removed} expired session files")
