"""The load benchmark's seeded matches are what the app reads: found, and never rewritten."""

from __future__ import annotations

from pathlib import Path

from bench import seeding
from webapp import create_app


def test_the_app_finds_every_seeded_match_and_rewrites_nothing(tmp_path: Path) -> None:
    pairs = seeding.new_pairs(50)
    seeding.seed_sqlite(str(tmp_path / "matches.sqlite"), pairs)
    seeding.seed_session_files(str(tmp_path / "sessions"), pairs)
    before = {path.name: path.read_bytes() for path in (tmp_path / "sessions").iterdir()}
    app = create_app({"SECRET_KEY": "k"}, instance_path=str(tmp_path))
    for sid, match_id in pairs:
        client = app.test_client()
        client.set_cookie("ttt_session", sid)
        response = client.get("/")
        assert response.status_code == 200 and "Set-Cookie" not in response.headers
        assert f'name="match" value="{match_id}"' in response.get_data(as_text=True)
        assert "Computer (hard)" in response.get_data(as_text=True)
    after = {path.name: path.read_bytes() for path in (tmp_path / "sessions").iterdir()}
    assert after == before
