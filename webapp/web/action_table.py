"""THE table of actions: each row one rule of the match, its typed parameters, and how forms,
the JSON API and text mode reach it (action_views.py makes their views from the rows alone)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from msgspec import Struct

from ..engine import N_, Game
from ..rules import Outcome, actions, draw, messages, moretime, takeback
from ..rules.errors import OnlyComputersError, RuleError
from . import timing
from .cycle.matches import Current
from .site.i18n import C_
from .views import buttons
from .views.bodies import AnswerBody
from .views.chat import MessageBody, MuteBody
from .views.models import Button
from .views.naming import Seating
from .views.online import claimed
from .views.params import AnswerParams, CellParams, MutedParams, NoParams, PhraseParams, StepParams
from .views.schema import ExpectedBody, MoveBody, StepBody

Rule = Callable[[Current, Any], Outcome]  # the match as seen, and the parameters


Buttons = Callable[[Game, Seating, bool], tuple[Button, ...]]  # the game, its viewer, over


@dataclass(frozen=True)
class Action:
    """One thing a player can do to their match, and every way to reach it: ``forms`` maps
    each board form's endpoint to its route and fixed parameters (others are posted); ``api``
    is the JSON route, its ``body`` typed; ``words`` map text mode's commands (``C_``) to fixed
    parameters. ``done`` is flashed after a form; ``said`` has an offer's words by event, for its
    maker and the other player (``%(name)s``); ``asked`` is text mode's alert to the other while
    an offer (or a mark) of the row's name stands (``%(name)s``, and ``words`` by English name).
    ``buttons``: the board's."""

    name: str
    rule: Rule
    summary: str
    params: type[Struct] = NoParams
    forms: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    api: str = ""
    body: type[Struct] = ExpectedBody
    body_required: bool = False
    refusals: dict[int, str] = field(default_factory=dict)
    api_says: dict[type[RuleError], str] = field(default_factory=dict)
    words: dict[str, dict[str, Any]] = field(default_factory=dict)
    done: str = ""
    said: dict[str, tuple[str, str]] = field(default_factory=dict)
    asked: str = ""
    buttons: Buttons | None = None


def _online(more: str) -> dict[int, str]:
    """The OpenAPI refusals of an online player's action: the common ones and ``more``."""
    return {409: f"Not an online match, a spectator, a stale request, {more}."}


def _offer(name: str, refused: str, command: str, **row: Any) -> Action:
    """An offer's row (a takeback, a draw): made, accepted or declined at ``/name`` and
    ``/api/name`` (``accept``), by ``command`` or "decline" in text mode."""
    decline = C_("text-mode command", "decline")
    return Action(
        name=name,
        params=AnswerParams,
        forms={name: (f"/{name}", {})},
        api=f"/api/{name}",
        body=AnswerBody,
        refusals=_online(refused),
        words={command: {}, decline: {"accept": False}},
        **row,
    )


ACTIONS: tuple[Action, ...] = (
    Action(
        name="move",
        rule=lambda seen, p: actions.move(seen.match, seen.held, p.cell),
        summary="Play a cell for the person to move; the computer replies at once.",
        params=CellParams,
        forms={"move": ("/move", {})},
        api="/api/move",
        body=MoveBody,
        body_required=True,
        refusals={
            409: "Stale, an occupied cell, the game over, or not a person's turn.",
            422: "A cell off this game's board (F1 on 5x5).",
        },
    ),
    Action(
        name="step",
        rule=lambda seen, p: actions.step(seen.match, seen.held, p.to_end),
        summary="Computer against computer: play the next move, or every move left.",
        params=StepParams,
        forms={"step": ("/step", {"to_end": False}), "finish": ("/finish", {"to_end": True})},
        api="/api/step",
        body=StepBody,
        body_required=True,
        refusals={409: "A stale request, the game over, or a person plays in this game."},
        api_says={
            OnlyComputersError: N_(
                "This game has a person in it: /api/step is for games between two computers."
            )
        },
        words={C_("text-mode command", "next"): {}},
        buttons=buttons.step,
    ),
    Action(
        name="play_again",
        rule=lambda seen, p: actions.again(seen.match, seen.held),
        summary="A new game from the empty board, the same players on the same sides.",
        forms={"play_again": ("/again", {})},
        words={C_("text-mode command", "new"): {}},
        buttons=buttons.again,
    ),
    Action(
        name="swap_sides",
        rule=lambda seen, p: actions.swap(seen.match, seen.held),
        summary="A new game from the empty board with the sides swapped.",
        forms={"swap_sides": ("/swap", {})},
        buttons=buttons.swap,
    ),
    Action(
        name="restart",
        rule=lambda seen, p: actions.restart(seen.match, seen.held),
        summary="The current game again from its start.",
    ),
    Action(
        name="undo",
        rule=lambda seen, p: actions.undo(seen.match, seen.held),
        summary="Take back the last move; against the computer, its reply and the person's move.",
        forms={"undo": ("/undo", {})},
        api="/api/undo",
        refusals={409: "A stale request, or no move to take back."},
        words={C_("text-mode command", "undo"): {}},
        buttons=buttons.undo,
    ),
    Action(
        name="reset_score",
        rule=lambda seen, p: actions.reset_score(seen.match, seen.held),
        summary="Set the score back to nothing; no game changes.",
        forms={"reset_score": ("/score/reset", {})},
        done=N_("Score reset."),
    ),
    Action(
        name="abort",
        rule=lambda seen, p: actions.abort(seen.match, seen.held),
        summary="Call the game off before each side has moved once: it counts for nobody.",
        forms={"abort": ("/abort", {})},
        api="/api/abort",
        refusals=_online("too late to abort, or the game is over"),
        buttons=buttons.abort,
    ),
    Action(
        name="resign",
        rule=lambda seen, p: actions.resign(seen.match, seen.held),
        summary="Give up the current game of an online match: it counts as a win for the friend.",
        forms={"resign": ("/resign", {})},
        api="/api/resign",
        refusals=_online("or the game is over"),
        words={C_("text-mode command", "resign"): {}},
        buttons=buttons.resign,
    ),
    _offer(
        name="takeback",
        rule=lambda seen, p: takeback.takeback(seen.match, seen.held, p.accept),
        summary="Online: ask to take back your last move (or accept the other player's asking), "
        "accept only (`accept` true), or decline it or withdraw yours (`accept` false).",
        refused="the game over, no move of yours to take back, or already asked",
        command=C_("text-mode command", "takeback"),
        said={
            "offered": (
                N_("You asked to take back your last move."),
                N_("%(name)s asks to take back their last move."),
            ),
            "declined": (N_("You declined the takeback."), N_("%(name)s declined the takeback.")),
            "withdrawn": (
                N_("You no longer ask to take back your move."),
                N_("%(name)s no longer asks to take back their move."),
            ),
        },
        asked=N_(
            "%(name)s asks to take back their last move: type %(takeback)s to accept, "
            "or %(decline)s to decline."
        ),
        buttons=buttons.takeback,
    ),
    _offer(
        name="draw",
        rule=lambda seen, p: draw.draw(seen.match, seen.held, p.accept),
        summary="Online: offer a draw, or accept or decline the other's, or withdraw yours.",
        refused="the game over, or a draw offered already since the last move",
        command=C_("text-mode command", "draw"),
        said={
            "offered": (N_("You offered a draw."), N_("%(name)s offers a draw.")),
            "declined": (N_("You declined the draw."), N_("%(name)s declined the draw.")),
            "withdrawn": (N_("You withdrew your draw offer."), N_("%(name)s withdrew the draw.")),
        },
        asked=N_("%(name)s offers a draw: type %(draw)s to accept, or %(decline)s to decline."),
        buttons=buttons.draw,
    ),
    Action(
        name="moretime",
        rule=lambda seen, p: moretime.give_time(seen.match, seen.held),
        summary="Online, outside arenas: give the other player 15 more seconds on their running "
        "clock, once per move.",
        forms={"moretime": ("/moretime", {})},
        api="/api/moretime",
        refusals=_online("the game over, no clock running, your own turn, or given already"),
        words={C_("text-mode command", "moretime"): {}},
        done=N_("You gave 15 seconds."),
        said={"given": (N_("You gave 15 seconds."), "")},
        asked=N_("%(name)s gave you 15 seconds."),
    ),
    Action(
        name="claim",
        rule=lambda seen, p: claimed(seen),
        summary="Claim the win from a friend to move who has had no page or stream open for 2 "
        "minutes.",
        forms={"claim": ("/claim", {})},
        api="/api/claim",
        refusals=_online("not the friend's turn, or away for less than 2 minutes"),
        words={C_("text-mode command", "claim"): {}},
    ),
    Action(
        name="rematch",
        rule=lambda seen, p: actions.rematch(seen.match, seen.held),
        summary="Offer a rematch of the finished game, or accept the friend's offer: the new game "
        "swaps the sides.",
        forms={"rematch": ("/rematch", {})},
        api="/api/rematch",
        refusals=_online("the game not over, or already offered"),
        words={C_("text-mode command", "rematch"): {}},
        said={"offered": (N_("You offered a rematch."), N_("%(name)s offered a rematch."))},
        buttons=buttons.rematch,
    ),
    Action(
        name="message",
        rule=lambda seen, p: messages.message(seen.match, seen.held, p.phrase, timing.now()),
        summary="Send a quick message (one of a few phrases) to the other player of an online "
        "match.",
        params=PhraseParams,
        forms={"message": ("/message", {})},
        api="/api/message",
        body=MessageBody,
        body_required=True,
        refusals={
            409: "Not an online match, a spectator, muted, a sixth message within a minute, or "
            '"Rematch?" with a player who left (or from them).'
        },
    ),
    Action(
        name="mute",
        rule=lambda seen, p: messages.mute(seen.match, seen.held, p.muted),
        summary="Hide (or show again) the other player's quick messages; while muted, the player "
        "cannot send one.",
        params=MutedParams,
        forms={"mute": ("/mute", {})},
        api="/api/mute",
        body=MuteBody,
        body_required=True,
        refusals={409: "Not an online match, or a spectator."},
    ),
)

BY_NAME = {action.name: action for action in ACTIONS}


def board_buttons(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    """The game's buttons, each action's in the table's order (Next move, Play again, Undo…)."""
    return tuple(
        button
        for action in ACTIONS
        if action.buttons is not None
        for button in action.buttons(game, seat, is_over)
    )
