from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignupForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("username",)


class GuestForm(forms.Form):
    nickname = forms.CharField(
        max_length=30,
        min_length=2,
        strip=True,
        help_text="How other players will see you.",
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "nickname"}),
    )
