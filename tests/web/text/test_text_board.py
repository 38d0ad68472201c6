"""Text mode's pages: one heading, the announcement, the summary, the field, the position in
words; the moves since the last page, online; and the replay one move at a time."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.web.conftest import new_game
from tests.web.pages.test_online import invite, join
from tests.web.shown import page
from tests.web.text_pages import board, part, said, spectating, text_on


def test_the_page_starts_with_a_heading_the_regions_and_the_summary(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    text_on(client)
    announced, _alerts = said(client, "b2")
    shown = board(client)
    main = shown[shown.index("<main>") :]
    order = [
        main.index(f'id="{name}"') for name in ("text-heading", "text-announce", "text-summary")
    ]
    assert order == sorted(order) and main.count("<h1") == 1
    assert '<p id="text-announce" aria-live="polite">' in shown
    assert '<div id="text-alerts" role="alert">' in shown
    assert '<p id="text-clock" hidden></p>' in shown  # no clock runs against the computer
    reply = api_game(client)["moves"][1]
    assert part(shown, "text-summary") == (
        "You are X against the computer (hard). Move 3. Your turn (X)."
    )
    assert announced == f"You played B2. The computer (hard) played {reply}. Your turn (X)."
    rows = re.findall(r"<li>(Row [ABC]: [^<]+)</li>", shown)
    assert len(rows) == 3 and rows[1] == "Row B: empty, X, empty"
    # A reload says nothing new: the announcement was for the page after the move.
    assert part(board(client), "text-announce") == ""


def test_the_move_field_is_labelled_focused_and_posts_to_text(client: FlaskClient) -> None:
    text_on(client)
    shown = board(client)
    assert '<label for="text-command">Your move</label>' in shown
    field = re.search(r'<input id="text-command"[^>]*>', shown)
    assert field and "autofocus" in field.group(0)
    assert '<form method="post" action="/text" id="text-form"' in shown
    client.get("/language/fr")
    assert '<label for="text-command">Votre coup</label>' in board(client)


def test_the_winning_line_and_the_result_are_named(client: FlaskClient) -> None:
    text_on(client)
    for cell in ("a1", "b1", "b2", "c1", "c3"):
        said(client, cell)
    shown = board(client)
    assert part(shown, "text-winning") == "X wins with A1, B2, C3."
    assert part(shown, "text-summary") == "Player 1 plays X, Player 2 plays O. Player 1 wins (X)."


def online_in_text_mode(client: FlaskClient, app: Flask) -> FlaskClient:
    """An online match that ``client`` started and a friend joined, both in text mode: the
    friend's browser."""
    guest = app.test_client()
    join(guest, invite(client))
    text_on(client)
    text_on(guest)
    return guest


def test_online_the_page_says_the_friends_moves_since_the_last_one(
    client: FlaskClient, app: Flask
) -> None:
    guest = online_in_text_mode(client, app)
    game_id = api_game(client)["game"]
    shown = board(client)
    assert part(shown, "text-summary") == "You are X against your friend. Move 1. Your turn (X)."
    assert 'id="text-live"' in shown and "/static/live-" in shown
    said(client, "b2")
    waiting = board(client)
    refresh = re.search(r'<meta http-equiv="refresh" content="2; url=([^"]+)">', waiting)
    # ``heard=0``: no message from the friend shown yet, so their first one is said next.
    assert refresh and refresh.group(1).replace("&amp;", "&") == (
        f"/?seen=1&game={game_id}&heard=0"
    )
    assert part(board(guest, "/?seen=0&game=" + game_id), "text-announce") == (
        "Your friend played B2. Your turn (O)."
    )
    said(guest, "a1")
    again = board(client, f"/?seen=1&game={game_id}")
    assert part(again, "text-announce") == "Your friend played A1. Your turn (X)."
    assert part(board(client, "/?seen=0&game=another"), "text-announce") == (
        "A new game started. You played B2. Your friend played A1. Your turn (X)."
    )


def test_a_spectator_hears_both_players(client: FlaskClient, app: Flask) -> None:
    guest = app.test_client()
    join(guest, invite(client))
    said_before = api_game(client)
    watch = said_before["online"]["watch"].removeprefix("http://localhost")
    text_on(client)
    said(client, "b2")
    spectator = app.test_client()
    text_on(spectator)
    shown = board(spectator, f"{watch}?seen=0&game={said_before['game']}")
    assert part(shown, "text-announce") == "Player 1 played B2. O to move."
    assert part(shown, "text-summary").startswith("Player 1 plays X, Player 2 plays O.")


def test_a_waiting_page_says_who_joined_since(client: FlaskClient, app: Flask) -> None:
    link = invite(client)
    text_on(client)
    game_id = api_game(client)["game"]
    waiting = board(client)
    refresh = re.search(r'<meta http-equiv="refresh" content="2; url=([^"]+)">', waiting)
    assert refresh and refresh.group(1).replace("&amp;", "&") == (
        f"/?seen=0&game={game_id}&heard=0&alone=1"
    )
    assert "alone=1" in re.search(r'data-events="([^"]+)"', waiting).group(1)
    assert part(board(client, refresh.group(1).replace("&amp;", "&")), "text-announce") == ""
    join(app.test_client(), link)
    shown = board(client, f"/?seen=0&game={game_id}&alone=1")
    assert part(shown, "text-announce") == "Your friend joined. Your turn (X)."
    assert "alone=" not in re.search(r'data-events="([^"]+)"', shown).group(1)
    # The next page, which knew the friend was there, does not say it again.
    assert part(board(client, f"/?seen=0&game={game_id}"), "text-announce") == ""


def test_a_spectators_field_is_for_commands_only(client: FlaskClient, app: Flask) -> None:
    spectator, watch = spectating(client, app)
    shown = board(spectator, watch)
    assert '<label for="text-command">Command</label>' in shown
    assert part(shown, "text-help") == "Type help for the commands."
    text_on(client)
    assert '<label for="text-command">Your move</label>' in board(client)


def test_online_the_page_says_the_friends_quick_messages_since_the_last_one(
    client: FlaskClient, app: Flask
) -> None:
    guest = online_in_text_mode(client, app)
    game_id = api_game(client)["game"]
    said(client, "b2")
    before = re.search(r'data-events="[^"]*heard=(\d+)', board(guest))
    assert before and before.group(1) == "0"
    _say(client, "good_luck")
    _say(client, "rematch")
    shown = board(guest, f"/?seen=1&game={game_id}&heard=0")
    # Only what is new is said: the messages, and no move, so not the status again.
    assert part(shown, "text-announce") == "Your friend: Good luck. Your friend: Rematch?"
    lines = re.search(r'<ul class="chat-lines" id="chat-lines">(.*?)</ul>', shown, re.S)
    assert lines and "<li>Your friend: Good luck</li>" in lines.group(1)
    assert 'value="well_played">Well played</button>' in shown
    heard = re.search(r'data-events="[^"]*heard=(\d+)', shown)
    assert heard and int(heard.group(1)) > 0
    # The next page says only what is newer; one's own messages are not read back.
    assert (
        part(board(guest, f"/?seen=1&game={game_id}&heard={heard.group(1)}"), "text-announce") == ""
    )
    _say(guest, "thanks")
    waiting = board(client)
    refresh = re.search(r'<meta http-equiv="refresh" content="2; url=([^"]+)">', waiting)
    assert refresh and "heard=" in refresh.group(1)
    assert part(board(client, f"/?seen=1&game={game_id}&heard=0"), "text-announce") == (
        "Your friend: Thanks."
    )
    # A player who muted the other hears none of their messages.
    _mute(guest)
    _say(client, "oops")
    muted = board(guest, f"/?seen=1&game={game_id}&heard=0")
    assert "Oops" not in muted and "Good luck" not in part(muted, "text-announce")


def _say(client: FlaskClient, phrase: str) -> None:
    """Send a quick message as the buttons of the text-mode page post it."""
    fields = page(client).form("/text").fields
    response = client.post("/message", data={**fields, "phrase": phrase})
    assert response.headers["X-Move-Result"] == "accepted"


def _mute(client: FlaskClient) -> None:
    fields = page(client).form("/text").fields
    response = client.post("/mute", data={**fields, "muted": "1"})
    assert response.headers["X-Move-Result"] == "accepted"


def test_the_replay_says_each_move_in_words(client: FlaskClient) -> None:
    text_on(client)
    said(client, "b2")
    said(client, "a1")
    shown = board_of_replay(client, 2)
    assert part(shown, "text-announce") == "Move 2: O at A1."
    assert "<li>Row A: O, empty, empty</li>" in shown
    assert "Start position" in part(board_of_replay(client, 0), "text-announce")


def board_of_replay(client: FlaskClient, ply: int) -> str:
    """The replay page after move ``ply``, in text mode."""
    shown: str = client.get(f"/replay/{ply}").get_data(as_text=True)
    return shown


def test_computers_step_by_the_next_command(client: FlaskClient) -> None:
    new_game(client, "easy", "hard")
    text_on(client)
    announced, _alerts = said(client, "next")
    played = r"The computer \(easy\) played [A-C][1-3]\. Computer \(hard\) to move \(O\)\."
    assert re.fullmatch(played, announced)
    assert part(board(client), "text-summary").startswith(
        "Computer (easy) plays X, Computer (hard) plays O. Move 2."
    )


def test_a_paired_match_is_against_your_opponent_not_your_friend(
    client: FlaskClient, app: Flask
) -> None:
    other = app.test_client()
    for browser in (client, other):
        text_on(browser)
        assert post(browser, "/pair", {}).status_code == 303
    assert client.get("/pair").headers["Location"] == "/"  # the first seeker finds the match
    summaries = [part(board(browser), "text-summary") for browser in (client, other)]
    assert sorted(summary.split(".")[0] for summary in summaries) == [
        "You are O against your opponent",
        "You are X against your opponent",
    ]


def test_a_spectator_gets_no_review_as_the_review_page_and_the_api_offer_none(
    client: FlaskClient, app: Flask
) -> None:
    spectator, watch = spectating(client, app)
    assert post(client, "/resign").status_code == 303
    assert api_game(client)["online"]["ending"] == "resigned"
    shown = board(spectator, watch)
    assert "/review" not in shown  # no review link, as on the board
    answer = said(spectator, "review", watch)[0]
    assert answer == "There is no review here: a game is reviewed by its players, once it is over."
    text_on(client)
    assert said(client, "review")[0] != answer  # its players get it
