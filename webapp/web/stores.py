"""The app's match store, chosen from the settings (Redis or SQLite), and ``flask sweep``."""

from __future__ import annotations

import click
from flask import Flask

from ..settings import RedisClient
from ..store import MatchStore, RedisStore, SQLiteStore
from .sessions import sweep_files


def init_app(app: Flask, client: RedisClient | None) -> None:
    """Open the match store (Redis through ``client``, else SQLite); add ``flask sweep``."""
    config = app.config
    lifetime = config["MATCH_LIFETIME"].total_seconds()
    wait = float(config["STORE_LOCK_TIMEOUT"])
    match_store: MatchStore
    if client is not None:
        match_store = RedisStore(client, lifetime, wait, float(config["REDIS_LOCK_EXPIRY"]))
    else:
        match_store = SQLiteStore(config["DATABASE"], lifetime, wait)
    app.extensions["match_store"] = match_store

    @app.cli.command("sweep")
    def sweep() -> None:
        """Delete matches and session files unchanged for longer than their lifetime."""
        click.echo(f"removed {match_store.sweep()} expired matches")
        if client is None:
            session_lifetime = config["PERMANENT_SESSION_LIFETIME"].total_seconds()
            removed = sweep_files(config["SESSION_DIR"], session_lifetime)
            click.echo(f"removed {removed} expired session files")
