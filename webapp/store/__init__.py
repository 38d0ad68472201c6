"""The match store: matches kept by an unguessable id, changed one request at a time."""

from .record import MatchStore, Record, StoreBusy, StoreUnavailable, new_match_id
from .redis_store import ERRORS as REDIS_ERRORS
from .redis_store import RedisStore
from .sqlite_store import SQLiteStore

__all__ = [
    "REDIS_ERRORS",
    "MatchStore",
    "Record",
    "RedisStore",
    "SQLiteStore",
    "StoreBusy",
    "StoreUnavailable",
    "new_match_id",
]
