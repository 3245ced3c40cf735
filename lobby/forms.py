from django import forms
from django.utils.translation import gettext

from games import guard
from games.bots import LEVELS
from games.clock_words import error_words
from games.clocks import BadTimeControl, TimeControl


class CreateMatchForm(forms.Form):
    """Which game, how many players, which seat, open or private; game options arrive as
    ``opt_<name>`` fields."""

    game = forms.CharField(max_length=40)
    players = forms.CharField(max_length=10, required=False)
    seat = forms.CharField(max_length=6, required=False)
    private = forms.BooleanField(required=False)
    time_control = forms.CharField(max_length=12, required=False)
    # "people" (invite), a computer level for every other seat, "nearest" (the level whose
    # rating is nearest the creator's, lobby.views), or "watch-<level>".
    opponent = forms.CharField(max_length=20, required=False)
    # Rated (members' default) or casual; a guest's match is always casual (docs/rules.md §7.6).
    rated = forms.BooleanField(required=False)

    def clean_time_control(self):
        try:
            return TimeControl.parse(self.cleaned_data["time_control"])
        except BadTimeControl as error:
            raise forms.ValidationError(error_words(error)) from None

    def clean_opponent(self):
        opponent = self.cleaned_data["opponent"] or "people"
        level = opponent.removeprefix("watch-")
        if opponent not in ("people", "nearest") and level not in LEVELS:
            raise forms.ValidationError(gettext("Choose people or a computer level."))
        return opponent

    def bots(self, players: int, seat: int) -> dict[int, str]:
        """The seats the computer takes: none, every seat but the creator's, or all."""
        opponent = self.cleaned_data["opponent"]
        if opponent == "people":
            return {}
        if opponent.startswith("watch-"):
            return dict.fromkeys(range(players), opponent.removeprefix("watch-"))
        return {s: opponent for s in range(players) if s != seat}

    def clean_players(self):
        players = self.cleaned_data["players"]
        if players == "":
            return None
        number = guard.whole_number(players, low=1, high=8)
        if number is None:
            raise forms.ValidationError(gettext("Choose how many players."))
        return number

    def clean_seat(self):
        seat = self.cleaned_data["seat"]
        if seat in ("", "random"):
            return None
        number = guard.whole_number(seat, low=0, high=7)  # "²" is a digit to str.isdigit
        if number is None:
            raise forms.ValidationError(gettext("Choose a seat or random."))
        return number
