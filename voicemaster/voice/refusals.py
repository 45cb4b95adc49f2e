"""Why an action is refused, in the announcer's words: one sentence per GameError cause.

The rules core raises its reasons as data (game/errors.py); this is where they become
what the table hears. Beside phrases.py, which words events and snapshots, because the
causes are many.
"""

from __future__ import annotations

from voicemaster.game import errors
from voicemaster.voice.answers import action_phrase, not_now_phrase


def refusal_phrase(error: errors.GameError) -> str:
    """ "Apple is already covered." """
    return not_now_phrase(refusal_reason(error))


def refusal_reason(error: errors.GameError) -> str:
    """ "Apple is already covered." without the "not now" around it: also for journal warnings."""
    match error:
        case errors.GameIsOver(winner=winner):
            return f"The game is over: {winner.title} won. Say new game to play again, or undo to take back the last move."
        case errors.ClueWhileGuessing(team=team):
            return f"{team.title} is guessing now; a clue comes after the turn."
        case errors.GuessBeforeClue(team=team):
            return f"Waiting for {team.title}'s clue before any guess."
        case errors.NothingToStop():
            return "There is nothing to stop: no clue has been given yet."
        case errors.NoRulingAwaited():
            return "There is no clue waiting for a ruling."
        case errors.AwaitingRuling(judge=judge, word=word):
            return f"{judge.title} spymaster, first accept or reject the clue {word}."
        case errors.UnknownCard(card=card):
            return f"{card} is not on the table."
        case errors.CardAlreadyCovered(card=card):
            return f"{card} is already covered."
        case errors.MustGuessFirst(team=team):
            return f"{team.title} must make at least one guess first."
        case errors.NoCoverNow():
            return "Nobody may cover a card now."
        case errors.NotTheirAgent(card=card, team=team, why=why):
            owner = f"{team.title}'s" if why == "penalty" else "the opponent's"
            return f"{card} is not one of {owner} agents."
        case errors.OpponentCoversFirst():
            return "First the opponent covers one of its agents."
        case errors.NoRefusedClue():
            return "There is no refused clue to overrule."
        case errors.TooLateToOverrule(word=word, since=since):
            return f"Too late to overrule {word}: {action_phrase(since)} came after it."
        case errors.NoClueToChallenge():
            return "There is no clue to challenge."
        case errors.TooLateToChallenge(word=word, team=team):
            return f"Too late to challenge {word}: {team.value} has guessed since."
        case errors.AlreadyRuled(word=word):
            return f"The table has already ruled on {word}."
        case errors.NothingToUndo():
            return "There is nothing to undo."
    raise TypeError(f"no words for {error!r}")
