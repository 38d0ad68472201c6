"""The pages' fixtures: a second browser, and an online match with both seats taken."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.pages.test_online import invite, join


@pytest.fixture
def guest(app: Flask) -> FlaskClient:
    """A second browser, on another device."""
    return app.test_client()


@pytest.fixture
def joined(client: FlaskClient, guest: FlaskClient) -> str:
    """Player 1 (``client``, X) and player 2 (``guest``, O) seated; the invite's path."""
    path = invite(client)
    assert join(guest, path).headers["X-Move-Result"] == "accepted"
    return path
