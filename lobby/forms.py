from django import forms


class CreateMatchForm(forms.Form):
    """Which game, how many players, which seat; game options arrive as ``opt_<name>`` fields."""

    game = forms.CharField(max_length=40)
    players = forms.IntegerField(min_value=1, max_value=8, required=False)
    seat = forms.CharField(max_length=6, required=False)

    def clean_seat(self):
        seat = self.cleaned_data["seat"]
        if seat in ("", "random"):
            return None
        if not seat.isdigit():
            raise forms.ValidationError("Choose a seat or random.")
        return int(seat)
