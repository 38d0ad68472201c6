"""Text mode's pages: the board as a heading, an announcement, a summary, the position in
words and one field for moves and commands; and the replay, one move at a time in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from flask import get_flashed_messages, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ...rules.said import Said
from ..action_table import BY_NAME
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..views import chat, fragments, live_parts
from ..views.models import BoardView, OnlineParts, ReplayView, ScoreView
from ..views.naming import name, who
from . import announce, text_commands
from .text_commands import words, yes_word

TEXT_PARTS = ("alerts", "summary", "clock", "position", "moves", "online", "chat")


@dataclass(frozen=True)
class TextView:
    """What the text-mode page says for this request alone, around its parts."""

    announcement: str  # what happened since the viewer's last page
    asked: tuple[str, ...]  # this request's refusals, and its question (resign? claim?)
    confirm: str  # "resign" while the field waits for its confirmation
    refresh: str  # where a page without JavaScript reloads while it waits, else ""


@dataclass(frozen=True)
class TextParts:
    """What the text-mode board says of one state, as one role sees it, in the order it says
    it (text/_parts.html): kept per state, and sent again by the live stream."""

    summary: str  # You are X against the computer (hard). Move 4. Your turn (X).
    alerts: tuple[str, ...]  # the questions of the other player's open offers
    # X moves by 14:05:30 UTC. (while a clock runs; the time left, which a page cannot keep
    # current without a script, is the clock command's)
    clock: str
    position: tuple[str, ...]  # Row A: X, empty, O
    winning: str  # X wins with A1, B2, C3.
    moves: str  # Moves: 1. X B2, 2. O A1.
    has_moves: bool
    game_id: str
    reviewable: bool  # the game is over and the viewer played it
    match_id: str
    you: str | None
    online: OnlineParts | None
    chat: chat.ChatView | None


def page(
    current: Current, view: BoardView, score: ScoreView, online: OnlineParts | None
) -> ResponseReturnValue:
    """The board page of ``current`` in text mode (``view`` is the board's own model)."""
    html, asked = marked(current, view, score, online)
    return fragments.filled(html, asked)


def marked(
    current: Current, view: BoardView, score: ScoreView, online: OnlineParts | None
) -> tuple[str, str]:
    """The text-mode page of ``current`` with the marks in place of the CSRF token and of its
    alerts, and those alerts (this request's refusals and questions)."""
    shown = parts(current, view.status, online)
    if online is not None:  # a live page: its stream's first event sends what changed since
        live_parts.keep(current, "text", shown)
    text = build(current, view.status, view.waiting, online is not None and online.can_claim)
    asked = "".join(str(Markup('<p class="message error">%s</p>') % alert) for alert in text.asked)
    since = dict(shown.since) if online is not None else {}
    html = render(
        "text/board.html",
        text=text,
        view=view,
        current=current,
        score=score,
        online=online,
        parts=shown.parts,
        events_url=live_parts.events_url(current, **since) if online is not None else "",
        csrf_token=lambda: fragments.TOKEN,  # every form's, this request's put in by the caller
    )
    return html, asked


def parts(current: Current, status: str, online: OnlineParts | None) -> live_parts.Shown:
    """The text parts of ``current``'s board, and what a page showing them showed."""
    game, match = current.match.game, current.match
    model = TextParts(
        summary=announce.summary(current, status),
        alerts=tuple(_asked(current)),
        clock=text_commands.moves_by(current),
        position=announce.position(game.board),
        winning=announce.winning(game.board),
        moves=announce.move_list(game),
        has_moves=bool(game.moves),
        game_id=match.game_id,
        reviewable=match.is_over and current.you is not None,
        match_id=current.match_id,
        you=current.you,
        online=online,
        chat=chat.chat_view(current),
    )
    shown = fragments.parts("text/_parts.html", TEXT_PARTS, model)
    since = tuple((key, str(value)) for key, value in _since(current).items())
    return live_parts.Shown(shown, status, current.version, since)


def announcement(current: Current, status: str, since: Mapping[str, str]) -> str:
    """What happened since a page that showed ``since`` (its ``?seen=…&game=…``): the other
    player's quick messages, who joined, and the moves."""
    lines = chat.shown(current) or ()
    said = (_heard_since_last_page(current, lines, since), _since_last_page(current, status, since))
    return " ".join(line for line in said if line)


def build(current: Current, status: str, waiting: bool, can_claim: bool = False) -> TextView:
    """The text view of ``current``'s board for this request; ``status`` is its status line,
    and ``can_claim`` says the other player has been away long enough to claim the win (a
    question that comes with time, not with a new version: a page asks it, not the stream)."""
    flashed = cast(list[tuple[str, str]], get_flashed_messages(with_categories=True))
    said = [message for category, message in flashed if category != "error"]
    asked = [message for category, message in flashed if category == "error"]
    said.append(announcement(current, status, request.args))
    confirm = request.args.get("confirm", "")
    playing = current.seat is not None and not current.match.is_over  # a spectator: none
    if confirm == "resign" and current.match.online and playing:
        asked.append(_("Do you want to resign? Type %(yes)s to resign.", yes=yes_word()))
    else:
        confirm = ""
    if can_claim and not confirm:  # one question at a time
        asked.append(announce.away(current, words()["claim"]))
    # ``seen`` tells the next page which moves this one showed; its own reloads pass it.
    refresh = _with_seen(current) if waiting else ""
    return TextView(
        announcement=" ".join(line for line in said if line),
        asked=tuple(asked),
        confirm=confirm,
        refresh=refresh,
    )


def _asked(current: Current) -> list[str]:
    """The questions of the other player's open offers that ask one (the ``asked`` of their
    action's row), naming the commands that answer them in the page's language."""
    questions = []
    for kind, seat in current.match.offers:
        action = BY_NAME.get(kind)
        if action is None or not action.asked or current.seat is None or seat in current.held:
            continue
        typed = {word: words()[word] for word in action.words}
        other = name(who(current, current.match.seat(seat)))
        questions.append(_(action.asked, name=other, **typed))
    return questions


def replay(current: Current, view: ReplayView) -> ResponseReturnValue:
    """The replay page in text mode: ``Move 3: X at B2``, the status and the position."""
    board = current.match.game.boards[view.ply]
    if view.ply:
        move = view.moves[view.ply - 1]
        step = _(
            "Move %(ply)d: %(mark)s at %(cell)s.", ply=move.number, mark=move.mark, cell=move.cell
        )
    else:
        step = view.caption
    return render(
        "text/replay.html",
        view=view,
        step=step,
        position=announce.position(board),
        winning=announce.winning(board),
    )


def _since_last_page(current: Current, status: str, since: Mapping[str, str]) -> str:
    """The moves played since the page named by ``?seen=<ply>&game=<id>`` (a reload of a
    waiting page, or the live update): a new game says so and starts from its first move, and
    ``&alone=1`` (the page showed seat 2 free) says who joined since."""
    seen, game_id = since.get("seen", ""), since.get("game", "")
    if not seen.isascii() or not seen.isdigit() or len(seen) > 2:
        return ""
    if game_id and game_id != current.match.game_id:
        moves = announce.since(current, 0, status) or announce.sentence(status)
        return f"{_('A new game started.')} {moves}"
    if since.get("alone") == "1" and current.match.full:  # the page waited for player 2
        moves = announce.since(current, int(seen), status) or announce.sentence(status)
        return f"{announce.joined(current)} {moves}"
    return announce.since(current, int(seen), status)


def _heard_since_last_page(
    current: Current, lines: tuple[Said, ...], since: Mapping[str, str]
) -> str:
    """The other player's quick messages since the page that said ``?heard=<stamp>`` (a
    reload of a waiting page, or the live update); a page without it announces none."""
    heard = since.get("heard", "")
    if not heard.isascii() or not heard.isdigit() or len(heard) > 16:
        return ""
    return announce.heard(current, lines, int(heard))


def _since(current: Current) -> dict[str, Any]:
    """What a page of ``current`` shows, as the next page's ``?seen=…`` says it: the moves,
    the game, the other player's latest quick message (a player's) and seat 2 still free."""
    args: dict[str, Any] = {"seen": current.match.game.ply, "game": current.match.game_id}
    if current.match.online and current.seat is not None:  # a player: messages to hear
        # Over the other player's messages only: one's own, stamped by another server's
        # clock, must not hide one of theirs said just after.
        lines = chat.shown(current) or ()
        theirs = [announce.stamp(item) for item in lines if item.seat not in current.held]
        args["heard"] = max(theirs, default=0)
    if not current.match.full:
        args["alone"] = 1
    return args


def _with_seen(current: Current) -> str:
    """This page's address, saying which moves and quick messages it shows."""
    args = _since(current)
    if current.watching:
        return url_for("board.watch", match_id=current.match_id, **args)
    return url_for("board.index", **args)
