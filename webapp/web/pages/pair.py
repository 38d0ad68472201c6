"""Quick pairing's pages: Play someone (``POST /pair``), the waiting page (``GET /pair``) and
its live stream, Cancel, and the computer offered to a seeker who waited long."""

from __future__ import annotations

import json
from collections.abc import Iterator

from flask import Blueprint, current_app, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue

from ...engine import LEVELS, Board
from ...rules import RuleError, actions, errors, new_secret, pairing
from ...store import StoreUnavailable, new_match_id
from ...store.pairing import FOUND, PAIRED, WAITING, PairingQueue, Seek
from ..api.api import STREAMS_FULL
from ..cycle import matches, timing
from ..live import live
from ..site import browsers, limits
from ..site.errors import ApiError, to_board
from ..site.i18n import gettext as _
from ..site.i18n import render

bp = Blueprint("pair", __name__)


def queue() -> PairingQueue:
    """The app's pairing queue (in the match store's backend)."""
    pairs: PairingQueue = current_app.extensions["pairing"]
    return pairs


def seek() -> tuple[Seek, matches.Current | None]:
    """This browser seeks an opponent: where it stands, and its match once one is made (by
    this request, which met a waiter, or by the one that met it). An online game still in
    play is not left this way (the rules refuse)."""
    seen = matches.current()
    actions.leave(seen.match, seen.held)
    browsers.keep()
    key = new_secret()
    sought = queue().seek(browsers.browser_id(), key, new_match_id(), timing.now(), seen.match_id)
    if sought.state == PAIRED:
        clock = int(current_app.config["PAIR_CLOCK"])
        made, _outcome = matches.act(
            lambda _seen: pairing.paired(sought.key, key, clock), match_id=sought.match_id, key=key
        )
        return sought, made
    return sought, _entered(sought)


def poll() -> tuple[Seek | None, matches.Current | None]:
    """Where this browser stands in the queue, and its match once one was made for it."""
    sought = queue().poll(browsers.browser_id(), timing.now())
    return sought, _entered(sought)


def _entered(sought: Seek | None) -> matches.Current | None:
    """The match made for this browser, entered (once it is stored), or ``None``."""
    if sought is None or sought.state != FOUND:
        return None
    seen = matches.current()
    if seen.match_id != sought.match_id:
        if matches.watched(sought.match_id) is None:
            return None  # the request that met us is still making it
        matches.enter(sought.match_id, sought.key)
        seen = matches.current()
    return seen


def waited(sought: Seek) -> float:
    """How long the seeker has waited, in seconds."""
    return max(0.0, timing.now() - sought.since) if sought.state == WAITING else 0.0


def paired_line(current: matches.Current) -> str:
    """What a seeker is told once paired, e.g. ``You are playing someone online: you play X.``"""
    return _("You are playing someone online: you play %(mark)s.", mark=current.you)


@bp.post("/pair")
@limits.creating
def start() -> ResponseReturnValue:
    """Play someone: paired at once with a seeker who waits, else wait on ``GET /pair``."""
    _sought, made = seek()
    if made is None:
        return redirect(url_for(".waiting"), code=303)
    flash(paired_line(made), "info")
    return to_board(accepted=True)


@bp.get("/pair")
def waiting() -> ResponseReturnValue:
    """The waiting page: how long, Cancel, and after a while the computer instead. It
    refreshes itself every 2 s without JavaScript; with it, its stream says when to."""
    sought, made = poll()
    if made is not None:
        flash(paired_line(made), "info")
        return redirect(url_for("board.index"), code=303)
    if sought is None:
        return redirect(url_for("board.index"), code=303)
    seconds = int(waited(sought))
    patience = int(current_app.config["PAIR_PATIENCE"])
    return render(
        "pair.html", waited=seconds, offer=seconds >= patience, levels=LEVELS,
        offer_in=max(0, patience - seconds),
    )  # fmt: skip


@bp.post("/pair/cancel")
def cancel() -> ResponseReturnValue:
    """Stop waiting for an opponent."""
    if not queue().cancel(browsers.browser_id()):
        raise RuleError(errors.NOT_SEEKING)
    flash(_("You stopped waiting for an opponent."), "info")
    return to_board(accepted=True)


@bp.post("/pair/computer")
def computer() -> ResponseReturnValue:
    """Stop waiting and play the computer at the posted ``level`` instead."""
    level = request.form.get("level", "")
    if level not in LEVELS:
        level = "medium"
    queue().cancel(browsers.browser_id())
    with limits.creating:
        matches.begin("user", level, Board(), toss=False)
    return to_board(accepted=True)


@bp.get("/pair/events")
def events() -> ResponseReturnValue:
    """Server-Sent Events for a waiting page: an event when the seeker's match is made (or
    it stopped waiting), a comment at each heartbeat, which also keeps its place."""
    sought = queue().poll(browsers.browser_id(), timing.now())
    hub: live.Hub = current_app.extensions["live"]
    slot = live.place(hub)
    if slot is None:
        raise ApiError(503, _(STREAMS_FULL))
    lifetime = float(current_app.config["STREAM_LIFETIME"])
    stream = _stream(hub, queue(), browsers.browser_id(), sought, lifetime)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    response = current_app.response_class(stream, mimetype="text/event-stream", headers=headers)
    response.call_on_close(slot.release)
    return response


def _stream(
    hub: live.Hub, pairs: PairingQueue, seeker: str, sought: Seek | None, lifetime: float
) -> Iterator[str]:
    """The waiting page's events: its match's first version (the match made for it is
    stored), or its leaving the queue."""
    done = "data: " + json.dumps({"state": "moved"}) + "\n\n"
    if sought is None:
        yield done
        return
    for chunk in live.events(hub, sought.match_id, None, 0, lifetime):
        if chunk.startswith("id:"):
            yield done
            return
        yield chunk
        if chunk.startswith(":"):  # a heartbeat: the seeker is still here
            try:
                now = pairs.poll(seeker, hub.clock())
            except StoreUnavailable:
                continue
            if now is None:
                yield done
                return
