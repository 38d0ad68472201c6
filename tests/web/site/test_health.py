"""The health checks: /livez while the process serves, /readyz while both stores take writes;
neither opens a session, sets a cookie or is limited."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from flask import Flask

from tests.servers import require_program
from webapp import create_app

CHECKS = ("/livez", "/readyz")
ROOT = Path(__file__).resolve().parents[3]


def make_app(instance: Path, **settings: object) -> Flask:
    """The app of one test, with ``settings`` added to the test settings."""
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False, **settings}
    return create_app(config, instance_path=str(instance))


@contextmanager
def immutable(folder: Path) -> Iterator[None]:
    """``folder`` and its files frozen with ``chattr +i`` (root ignores permission bits),
    SQLite's shared-memory index aside, as tests/hardening/test_unwritable_store.py does."""
    chattr = require_program("chattr", "e2fsprogs")
    frozen = [folder, *(p for p in sorted(folder.rglob("*")) if not p.name.endswith("-shm"))]
    subprocess.run([chattr, "+i", *map(str, frozen)], check=True)
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", *map(str, frozen)], check=True)


@pytest.mark.parametrize("path", CHECKS)
def test_a_check_sets_no_cookie_and_stores_no_session(
    app: Flask, session_dir: Path, path: str
) -> None:
    client = app.test_client()
    for _ in range(3):
        answer = client.get(path)
        assert answer.status_code == 200
        assert "Set-Cookie" not in answer.headers
        assert "no-store" in answer.headers["Cache-Control"]
    assert client.head(path).status_code == 200
    assert list(session_dir.iterdir()) == []


def test_livez_says_ok(app: Flask) -> None:
    answer = app.test_client().get("/livez")
    assert answer.mimetype == "text/plain" and answer.get_data(as_text=True) == "ok\n"


def test_readyz_says_ready_when_both_stores_take_writes(app: Flask) -> None:
    answer = app.test_client().get("/readyz")
    assert answer.get_json() == {"status": "ready", "failed": {}}


def test_readyz_names_the_match_store_while_another_writer_holds_it(instance: Path) -> None:
    app = make_app(instance, READY_TIMEOUT=0.05)
    with closing(sqlite3.connect(app.config["DATABASE"], isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        answer = app.test_client().get("/readyz")
        other.execute("ROLLBACK")
    assert answer.status_code == 503
    assert answer.get_json() == {"status": "unavailable", "failed": {"matches": "OperationalError"}}
    assert app.test_client().get("/readyz").status_code == 200


def test_readyz_reports_a_database_that_has_gone_and_does_not_make_an_empty_one(
    instance: Path,
) -> None:
    app = make_app(instance)
    database = Path(app.config["DATABASE"])
    for path in instance.glob(database.name + "*"):
        path.unlink()
    answer = app.test_client().get("/readyz")
    assert answer.status_code == 503 and set(answer.get_json()["failed"]) == {"matches"}
    assert not database.exists()


def test_readyz_names_both_stores_when_their_folder_cannot_be_written(
    instance: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(instance)
    client = app.test_client()
    client.get("/readyz")  # SQLite's files as a running server has them
    with immutable(instance):
        answer = client.get("/readyz")
    assert answer.status_code == 503
    assert set(answer.get_json()["failed"]) == {"matches", "sessions"}
    assert "not ready: matches" in caplog.text and "not ready: sessions" in caplog.text
    assert client.get("/readyz").status_code == 200


def test_readyz_names_the_session_store_when_its_folder_is_not_a_folder(
    instance: Path, session_dir: Path
) -> None:
    app = make_app(instance)
    session_dir.rmdir()
    session_dir.write_text("not a folder")
    answer = app.test_client().get("/readyz")
    assert answer.status_code == 503
    assert answer.get_json()["failed"] == {"sessions": "NotADirectoryError"}


def test_the_checks_are_exempt_from_the_limits_that_stop_other_pages(instance: Path) -> None:
    # A limit on every request of the application: the board meets it, the checks never.
    # In a fresh interpreter: Flask-Limiter keeps an application limit on its one limiter
    # object for every later app of the process.
    code = f"""
from webapp import create_app
config = {{"SECRET_KEY": "k", "TESTING": True, "LIMITS": True,
          "RATELIMIT_APPLICATION": "2 per minute"}}
client = create_app(config, instance_path={str(instance)!r}).test_client()
assert [client.get("/").status_code for _ in range(3)] == [200, 200, 429]
for path in {CHECKS!r}:
    assert {{client.get(path).status_code for _ in range(5)}} == {{200}}, path
"""
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
