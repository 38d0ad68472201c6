"""A browser's id: the same for its tabs (from its visitor id before anything is stored), kept
in its session once it changes something, and another browser's is another."""

from __future__ import annotations

from flask import Flask, session

from webapp.web.site import browsers


def test_tabs_of_a_new_visitor_share_an_id_and_keep_it(app: Flask) -> None:
    with app.test_request_context(headers={"Cookie": "ttt_visitor=" + "v" * 43}):
        app.preprocess_request()
        first = browsers.browser_id()
    with app.test_request_context(headers={"Cookie": "ttt_visitor=" + "v" * 43}):
        app.preprocess_request()
        assert browsers.browser_id() == first
        browsers.keep()
        assert session[browsers.BROWSER_KEY] == first
    with app.test_request_context(headers={"Cookie": "ttt_visitor=" + "w" * 43}):
        app.preprocess_request()
        assert browsers.browser_id() != first
