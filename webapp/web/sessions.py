"""Flask-Session set up as its documentation shows: msgpack files by default, Redis for several
servers, and never pickle."""

from __future__ import annotations

import os
import time
from typing import IO, Any

import msgspec
import redis
from cachelib.file import FileSystemCache
from cachelib.serializers import FileSystemSerializer
from flask import Flask
from flask_session import Session


class MsgpackFiles(FileSystemSerializer):
    """cachelib's file serializer (its public ``serializer`` attribute), msgpack for pickle, so
    reading a session file never runs code; an unreadable file is no session."""

    def dump(self, value: Any, stream: IO[bytes], protocol: int = 0) -> None:
        """Write Flask-Session's dict as msgpack."""
        stream.write(msgspec.msgpack.encode(value))

    def load(self, stream: IO[bytes]) -> Any:
        """The dict, or ``None`` (a fresh session) when the bytes are not one we wrote."""
        return decode(stream.read())


class MsgpackOnly:
    """Flask-Session's serializer (its public ``serializer`` attribute) without the pickle
    fallback that Flask-Session 0.8 still tries on data it cannot decode."""

    def encode(self, session: Any) -> bytes:
        """The session as msgpack."""
        return msgspec.msgpack.encode(dict(session))

    def decode(self, data: bytes) -> Any:
        """The session's dict, or ``None`` (a fresh session) for bytes we did not write."""
        return decode(data)


def decode(data: bytes) -> dict[str, Any] | None:
    """A session written as msgpack, or ``None`` for anything else; never unpickles."""
    try:
        value = msgspec.msgpack.decode(data)
    except (msgspec.DecodeError, ValueError):  # bad UTF-8 is a ValueError
        return None
    return value if isinstance(value, dict) else None


def init_app(app: Flask, client: redis.Redis | None) -> None:
    """Keep sessions in Redis through ``client``, or else as files in ``SESSION_DIR``."""
    if client is not None:
        app.config.update(SESSION_TYPE="redis", SESSION_REDIS=client)
    else:
        directory = app.config["SESSION_DIR"]
        os.makedirs(directory, mode=0o700, exist_ok=True)
        os.chmod(directory, 0o700)  # private: nobody else may read or plant sessions
        # threshold=0: cachelib's default of 500 deletes sessions past the 500th, silently.
        cache = FileSystemCache(directory, threshold=0, mode=0o600)
        cache.serializer = MsgpackFiles()
        app.config.update(SESSION_TYPE="cachelib", SESSION_CACHELIB=cache)
    Session(app)
    interface: Any = app.session_interface
    interface.serializer = MsgpackOnly()


def sweep_files(directory: str, lifetime: float) -> int:
    """Delete the session files not written for longer than ``lifetime`` seconds: cachelib
    never deletes an expired file it is not asked for, and with threshold=0 it prunes none."""
    oldest, removed = time.time() - lifetime, 0
    for entry in os.scandir(directory):
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < oldest:
                os.remove(entry.path)
                removed += 1
        except FileNotFoundError:
            continue
    return removed
