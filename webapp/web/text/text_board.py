"""Text mode's pages: the board as a heading, an announcement, a summary, the position in
words and one field for moves and commands; and the replay, one move at a time in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from flask import get_flashed_messages, request, url_for
from flask.typing import ResponseReturnValue

from ...rules.said import Said
from ..action_table import BY_NAME
from ..cycle.matches import Current
from ..pages import chat
from ..pages.naming import name, who
from ..pages.views import BoardView, OnlineParts, ReplayView, ScoreView
from ..site.i18n import gettext as _
from ..site.i18n import render
from . import announce, text_commands
from .text_commands import words, yes_word


@dataclass(frozen=True)
class TextView:
    """What the text-mode board says, in the order it says it."""

    summary: str  # You are X against the computer (hard). Move 4. Your turn (X).
    announcement: str  # what happened since the viewer's last page
    alerts: tuple[str, ...]  # refusals, and a question waiting for an answer
    position: tuple[str, ...]  # Row A: X, empty, O
    winning: str  # X wins with A1, B2, C3.
    moves: str  # Moves: 1. X B2, 2. O A1.
    confirm: str  # "resign" while the field waits for its confirmation
    refresh: str  # where a page without JavaScript reloads while it waits, else ""
    heard: int  # when the other player said the latest message shown (announce.stamp), or 0
    # X moves by 14:05:30 UTC. (while a clock runs; the time left, which a page cannot keep
    # current without a script, is the clock command's)
    clock: str = ""


def page(
    current: Current, view: BoardView, score: ScoreView, online: OnlineParts | None
) -> ResponseReturnValue:
    """The board page of ``current`` in text mode (``view`` is the board's own model)."""
    text = build(current, view.status, view.waiting, online is not None and online.can_claim)
    return render(
        "text/board.html",
        text=text,
        view=view,
        current=current,
        score=score,
        online=online,
        chat=chat.chat_view(current),
    )


def build(current: Current, status: str, waiting: bool, can_claim: bool = False) -> TextView:
    """The text view of ``current``'s board; ``status`` is its status line, and
    ``can_claim`` says the other player has been away long enough to claim the win."""
    game = current.match.game
    flashed = cast(list[tuple[str, str]], get_flashed_messages(with_categories=True))
    said = [message for category, message in flashed if category != "error"]
    alerts = [message for category, message in flashed if category == "error"]
    lines = chat.shown(current) or ()
    # Over the other player's messages only: one's own, stamped by another server's clock,
    # must not hide one of theirs said just after.
    theirs = [announce.stamp(item) for item in lines if item.seat not in current.held]
    heard = max(theirs, default=0)
    said.append(_heard_since_last_page(current, lines))
    said.append(_since_last_page(current, status))
    confirm = request.args.get("confirm", "")
    if confirm == "resign" and current.match.online and not current.match.is_over:
        alerts.append(_("Do you want to resign? Type %(yes)s to resign.", yes=yes_word()))
    else:
        confirm = ""
    if can_claim and not confirm:  # one question at a time
        alerts.append(announce.away(current, words()["claim"]))
    alerts.extend(_asked(current))
    # ``seen`` tells the next page which moves this one showed; its own reloads pass it.
    refresh = _with_seen(current, heard) if waiting else ""
    return TextView(
        summary=announce.summary(current, status),
        announcement=" ".join(line for line in said if line),
        alerts=tuple(alerts),
        position=announce.position(game.board),
        winning=announce.winning(game.board),
        moves=announce.move_list(game),
        confirm=confirm,
        refresh=refresh,
        heard=heard,
        clock=text_commands.moves_by(current),
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


def _since_last_page(current: Current, status: str) -> str:
    """The moves played since the page named by ``?seen=<ply>&game=<id>`` (a reload of a
    waiting page, or the live update): a new game says so and starts from its first move, and
    ``&alone=1`` (the page showed seat 2 free) says who joined since."""
    seen, game_id = request.args.get("seen", ""), request.args.get("game", "")
    if not seen.isascii() or not seen.isdigit() or len(seen) > 2:
        return ""
    if game_id and game_id != current.match.game_id:
        since = announce.since(current, 0, status) or announce.sentence(status)
        return f"{_('A new game started.')} {since}"
    if request.args.get("alone") == "1" and current.match.full:  # the page waited for player 2
        since = announce.since(current, int(seen), status) or announce.sentence(status)
        return f"{announce.joined(current)} {since}"
    return announce.since(current, int(seen), status)


def _heard_since_last_page(current: Current, lines: tuple[Said, ...]) -> str:
    """The other player's quick messages since the page that said ``?heard=<stamp>`` (a
    reload of a waiting page, or the live update); a page without it announces none."""
    heard = request.args.get("heard", "")
    if not heard.isascii() or not heard.isdigit() or len(heard) > 16:
        return ""
    return announce.heard(current, lines, int(heard))


def _with_seen(current: Current, heard: int) -> str:
    """This page's address, saying which moves and quick messages it shows."""
    args: dict[str, Any] = {"seen": current.match.game.ply, "game": current.match.game_id}
    if current.match.online and current.seat is not None:  # a player: messages to hear
        args["heard"] = heard
    if not current.match.full:
        args["alone"] = 1
    if current.watching:
        return url_for("board.watch", match_id=current.match_id, **args)
    return url_for("board.index", **args)
