from django import forms

from games import guard


class CreateMatchForm(forms.Form):
    """Which game, how many players, which seat, open or private; game options arrive as
    ``opt_<name>`` fields."""

    game = forms.CharField(max_length=40)
    players = forms.CharField(max_length=10, required=False)
    seat = forms.CharField(max_length=6, required=False)
    private = forms.BooleanField(required=False)

    def clean_players(self):
        players = self.cleaned_data["players"]
        if players == "":
            return None
        number = guard.whole_number(players, low=1, high=8)
        if number is None:
            raise forms.ValidationError("Choose how many players.")
        return number

    def clean_seat(self):
        seat = self.cleaned_data["seat"]
        if seat in ("", "random"):
            return None
        number = guard.whole_number(seat, low=0, high=7)  # "²" is a digit to str.isdigit
        if number is None:
            raise forms.ValidationError("Choose a seat or random.")
        return number
