"""The rules' refusals, each a stable code for programs and a message fit for a player, and the
few exception classes that callers treat differently (raised as ``RuleError(NOT_YOUR_TURN)``)."""

from __future__ import annotations

from ..engine import N_, Refusal, TicTacToeError

# The refusals that a class below raises when given none.
UNKNOWN_LINK = Refusal(
    "unknown_link", N_("This invite link is not valid: ask your friend for a new one.")
)
LOST_MATCH = Refusal(
    "lost_match", N_("Your saved game could not be read, so a new game has started.")
)


class RuleError(TicTacToeError):
    """An action the rules refuse; nothing changes. Raised with one of the refusals below."""


class UnknownLinkError(RuleError):
    """An invite, seat or arena link that names nothing to take (a 404 on the web)."""

    refusal = UNKNOWN_LINK


class BadStartError(RuleError):
    """A start the rules refuse for a new game: a finished position, or a friend online
    against a computer (the setup form goes back to itself)."""


class OnlyComputersError(RuleError):
    """Stepping a game that a person plays (the API names its own route instead)."""


class OutOfTimeError(RuleError):
    """A change sent after the player to move ran out of time."""


class LostMatchError(RuleError):
    """A stored match that cannot be read back (a new one starts, saying so)."""

    refusal = LOST_MATCH


# Each refusal: its code for programs and its message; the names say when each is raised.
NOT_YOUR_TURN = Refusal("not_your_turn", N_("It is not your turn."))
COMPUTER_TO_MOVE = Refusal("computer_to_move", N_("It is not your turn: the computer moves next."))
ONLY_COMPUTERS = Refusal(
    "only_computers", N_("Next move and Play to the end are for games between two computers.")
)
NOTHING_TO_UNDO = Refusal("nothing_to_undo", N_("There is no move to take back."))
FINISHED_DRAW = Refusal("finished_draw", N_("This position is already over: it is a draw."))
FINISHED_WON = Refusal("finished_won", N_("This position is already over: %(mark)s won."))
WAITING_FOR_FRIEND = Refusal("waiting_for_friend", N_("Your friend has not joined yet."))
SPECTATOR = Refusal("spectator", N_("You are watching this match: only its two players can play."))
MATCH_FULL = Refusal("match_full", N_("This match already has two players."))
OWN_INVITE = Refusal("own_invite", N_("This is your own invite link: send it to your friend."))
INVITE_WITHDRAWN = Refusal(
    "invite_withdrawn", N_("Your friend has withdrawn this invitation: ask them for a new link.")
)
ALREADY_SEATED = Refusal("already_seated", N_("You are already a player in this match."))
GAME_ENDED = Refusal("game_ended", N_("This game is over: offer a rematch to play again."))
NOT_OVER = Refusal("game_not_over", N_("A rematch can be offered once the game is over."))
ALREADY_OFFERED = Refusal(
    "already_offered", N_("You have offered a rematch: waiting for your friend to accept.")
)
TOO_LATE_TO_ABORT = Refusal(
    "too_late_to_abort",
    N_("A game can be aborted only before each side has moved once; resign instead."),
)
# Claiming the win: by whether the other player is a stranger met by quick pairing.
NO_CLAIM = {
    False: Refusal(
        "no_claim", N_("You can claim the win only while your friend is to move and has been away.")
    ),
    True: Refusal(
        "no_claim",
        N_("You can claim the win only while your opponent is to move and has been away."),
    ),
}
TOO_SOON_TO_CLAIM = {
    False: Refusal(
        "too_soon_to_claim",
        N_("Your friend has been away for less than 2 minutes: you can claim the win after that."),
    ),
    True: Refusal(
        "too_soon_to_claim",
        N_(
            "Your opponent has been away for less than 2 minutes: you can claim the win after that."
        ),
    ),
}
# A claim while the absent player's clock runs (a day a move: away is expected), which ends
# the game if they do not move in time.
CLOCK_RUNS_NO_CLAIM = {
    False: Refusal(
        "clock_runs",
        N_("Your friend's clock is running: it ends the game if they do not move in time."),
    ),
    True: Refusal(
        "clock_runs",
        N_("Your opponent's clock is running: it ends the game if they do not move in time."),
    ),
}
FRIEND_AGAINST_YOU = Refusal(
    "friend_against_you",
    N_("A friend online plays against you: choose a person for the other side."),
)
NOT_ONLINE = Refusal("not_online", N_("This is for online matches, played from two devices."))
ONLINE_ONLY_REMATCH = Refusal(
    "online_only_rematch",
    N_("An online match has no undo, new game or score reset: offer a rematch when a game ends."),
)
# A rematch with a player who left the match for another since its game ended.
OPPONENT_LEFT = {
    False: Refusal(
        "opponent_left", N_("Your friend has left this match: start a new game to play again.")
    ),
    True: Refusal(
        "opponent_left", N_("Your opponent has left this match: play someone else instead.")
    ),
}
# A "Rematch?" message from the player who left the finished game for another match.
YOU_LEFT = {
    False: Refusal(
        "you_left", N_("You have left this match: your friend was told so. Start a new game.")
    ),
    True: Refusal(
        "you_left", N_("You have left this match: your opponent was told so. Play someone else.")
    ),
}
ONLINE_IN_PLAY = Refusal(
    "online_in_play", N_("Resign or abort this online game first: your friend is still playing it.")
)
# The same refusal in a game of strangers (quick pairing, an arena), who are no friends.
STRANGER_IN_PLAY = Refusal(
    "stranger_in_play",
    N_("Resign or abort this online game first: your opponent is still playing it."),
)
STALE_SEAT_LINK = Refusal(
    "stale_seat_link",
    N_(
        "This link to continue on another device is no longer valid: it works once, and the "
        "newest one is on your board."
    ),
)
# A seat link opened by the browser holding the match's other seat: taking it would leave that
# seat held by nobody (a player holds one seat of an online match).
OTHER_SEAT_LINK = Refusal(
    "other_seat_link",
    N_(
        "This is the other player's link to continue on another device: you play the other "
        "side of this match."
    ),
)
BAD_CLOCK = Refusal("bad_clock", N_("A time per move must be between 1 second and 7 days."))
OUT_OF_TIME = Refusal("out_of_time", N_("The time for this move has run out: nothing was played."))
NOT_SEEKING = Refusal("not_seeking", N_("You are not waiting for an opponent."))
UNKNOWN_PHRASE = Refusal("unknown_phrase", N_("Choose one of the quick messages."))
MUTED = Refusal("muted", N_("You have muted messages in this match: unmute them to send one."))
TOO_MANY_MESSAGES = Refusal(
    "too_many_messages", N_("You can send at most 5 messages a minute: wait a little.")
)
SPECTATOR_MESSAGE = Refusal(
    "spectator_message", N_("You are watching this match: only its two players can send messages.")
)
TAKEBACK_ASKED = Refusal(
    "takeback_asked", N_("You have asked to take back your move: waiting for the other player.")
)
NO_TAKEBACK_ASKED = Refusal("no_takeback_asked", N_("Nobody has asked to take back a move."))
OWN_TAKEBACK = Refusal(
    "own_takeback", N_("You asked to take back your move: only the other player can accept it.")
)
TAKEBACK_ONCE = Refusal(
    "takeback_once",
    N_("You have asked for a takeback since the last move: ask again after a move."),
)
NOTHING_TO_TAKE_BACK = Refusal(
    "nothing_to_take_back", N_("You have no move in this game to take back.")
)
NO_ARENA = Refusal("no_arena", N_("There is no arena at this link: it may have ended long ago."))
ARENA_OVER = Refusal("arena_over", N_("This arena is over: no one joins it any more."))
ARENA_JOINED = Refusal("arena_joined", N_("You are in this arena already."))
ARENA_PAUSED = Refusal("arena_paused", N_("You have paused already: join again to be paired."))
NOT_IN_ARENA = Refusal("not_in_arena", N_("You are not in this arena."))
ARENA_GAME = Refusal(
    "arena_game", N_("An arena game is one game: after it, the arena pairs you again.")
)
BAD_NAME = Refusal(
    "bad_name", N_("That is not one of the names this site draws: nothing was changed.")
)
