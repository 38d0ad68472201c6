"""The rules' refusals: one base class, its message saying why, in words fit for a player."""

from __future__ import annotations

from ..engine import N_, TicTacToeError


class RuleError(TicTacToeError):
    """An action the rules refuse; nothing changes. Raised with one of the messages below."""


class UnknownLinkError(RuleError):
    """An invite or seat link that names no seat to take (a 404 on the web)."""

    default_message = N_("This invite link is not valid: ask your friend for a new one.")


class BadStartError(RuleError):
    """A start the rules refuse for a new game: a finished position, or a friend online
    against a computer (the setup form goes back to itself, the API answers 422)."""


class OnlyComputersError(RuleError):
    """Stepping a game that a person plays (the API names its own route instead)."""


class OutOfTimeError(RuleError):
    """A change sent after the player to move ran out of time."""


class LostMatchError(RuleError):
    """A stored match that cannot be read back."""

    default_message = N_("Your saved game could not be read, so a new game has started.")


# Each refusal's message; the names say when each is raised.
NOT_YOUR_TURN = N_("It is not your turn.")
COMPUTER_TO_MOVE = N_("It is not your turn: the computer moves next.")
ONLY_COMPUTERS = N_("Next move and Play to the end are for games between two computers.")
NOTHING_TO_UNDO = N_("There is no move to take back.")
FINISHED_POSITION = N_("This position is already over.")
FINISHED_DRAW = N_("This position is already over: it is a draw.")
FINISHED_WON = N_("This position is already over: %(mark)s won.")
WAITING_FOR_FRIEND = N_("Your friend has not joined yet.")
SPECTATOR = N_("You are watching this match: only its two players can play.")
MATCH_FULL = N_("This match already has two players.")
OWN_INVITE = N_("This is your own invite link: send it to your friend.")
ALREADY_SEATED = N_("You are already a player in this match.")
GAME_ENDED = N_("This game is over: offer a rematch to play again.")
NOT_OVER = N_("A rematch can be offered once the game is over.")
ALREADY_OFFERED = N_("You have offered a rematch: waiting for your friend to accept.")
TOO_LATE_TO_ABORT = N_(
    "A game can be aborted only before each side has moved once; resign instead."
)
# Claiming the win: by whether the other player is a stranger met by quick pairing.
NO_CLAIM = {
    False: N_("You can claim the win only while your friend is to move and has been away."),
    True: N_("You can claim the win only while your opponent is to move and has been away."),
}
TOO_SOON_TO_CLAIM = {
    False: N_(
        "Your friend has been away for less than 2 minutes: you can claim the win after that."
    ),
    True: N_(
        "Your opponent has been away for less than 2 minutes: you can claim the win after that."
    ),
}
FRIEND_AGAINST_YOU = N_("A friend online plays against you: choose a person for the other side.")
NOT_ONLINE = N_("This is for online matches, played from two devices.")
ONLINE_ONLY_REMATCH = N_(
    "An online match has no undo, new game or score reset: offer a rematch when a game ends."
)
ONLINE_IN_PLAY = N_("Resign or abort this online game first: your friend is still playing it.")
# The same refusal in a game of strangers (quick pairing, an arena), who are no friends.
STRANGER_IN_PLAY = N_("Resign or abort this online game first: your opponent is still playing it.")
STALE_SEAT_LINK = N_(
    "This link to continue on another device is no longer valid: it works once, and the "
    "newest one is on your board."
)
BAD_CLOCK = N_("A time per move must be between 1 second and 7 days.")
OUT_OF_TIME = N_("The time for this move has run out: nothing was played.")
NOT_SEEKING = N_("You are not waiting for an opponent.")
UNKNOWN_PHRASE = N_("Choose one of the quick messages.")
MUTED = N_("You have muted messages in this match: unmute them to send one.")
TOO_MANY_MESSAGES = N_("You can send at most 5 messages a minute: wait a little.")
SPECTATOR_MESSAGE = N_("You are watching this match: only its two players can send messages.")
TAKEBACK_ASKED = N_("You have asked to take back your move: waiting for the other player.")
NO_TAKEBACK_ASKED = N_("Nobody has asked to take back a move.")
OWN_TAKEBACK = N_("You asked to take back your move: only the other player can accept it.")
TAKEBACK_ONCE = N_("You have asked for a takeback since the last move: ask again after a move.")
NOTHING_TO_TAKE_BACK = N_("You have no move in this game to take back.")
NO_ARENA = N_("There is no arena at this link: it may have ended long ago.")
ARENA_OVER = N_("This arena is over: no one joins it any more.")
ARENA_JOINED = N_("You are in this arena already.")
ARENA_PAUSED = N_("You have paused already: join again to be paired.")
NOT_IN_ARENA = N_("You are not in this arena.")
ARENA_GAME = N_("An arena game is one game: after it, the arena pairs you again.")
BAD_NAME = N_("That is not one of the names this site draws: nothing was changed.")
