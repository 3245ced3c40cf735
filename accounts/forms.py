from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm, UsernameField
from django.core.validators import RegexValidator
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from accounts.services import live_guest_names
from config.throttle import LOGIN_FAILURES


class SignupForm(UserCreationForm):
    """A new account; ``guest`` is the guest becoming this account, whose own nickname is
    no one else's name."""

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}
        labels = {"email": gettext_lazy("Email (optional)")}
        help_texts = {
            "email": gettext_lazy("Only for emails when it is your turn in correspondence matches.")
        }

    def __init__(self, *args, guest: User | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.guest = guest

    def clean_username(self):
        """A new member may not take the name of a guest playing now."""
        username = super().clean_username()
        others = live_guest_names().exclude(pk=self.guest.pk if self.guest else None)
        if others.filter(nickname__iexact=username).exists():
            raise forms.ValidationError(gettext("A guest playing now uses that name."))
        return username


class EmailSettingsForm(forms.Form):
    email = forms.EmailField(required=False, max_length=254, label=gettext_lazy("Email"))
    email_notices = forms.BooleanField(
        required=False,
        label=gettext_lazy("Email me when it is my turn in correspondence matches"),
    )


class GuestForm(forms.Form):
    nickname = forms.CharField(
        max_length=30,
        min_length=2,
        strip=True,
        label=gettext_lazy("Nickname"),
        help_text=gettext_lazy("How other players will see you (marked as a guest)."),
        # No brackets: "(guest)" marks guests, so a nickname cannot fake or hide it. No control
        # characters: a name is one line wherever it shows (pages, move lists, emails).
        validators=[
            RegexValidator(r"^[^()\[\]<>]+$", gettext_lazy("Please leave out brackets.")),
            RegexValidator(
                r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]+$",
                gettext_lazy("Please write your nickname on one line."),
            ),
        ],
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "nickname"}),
    )


class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing further tries for a name or an address that failed
    ``LOGIN_FAILURES`` times within ``LOGIN_WINDOW`` seconds (counted in config.throttle)."""

    def clean(self):
        keys = self._throttle_keys()
        if any(LOGIN_FAILURES.exceeded(key) for key in keys):
            raise forms.ValidationError(
                gettext("Too many failed attempts; please wait a few minutes."), code="throttled"
            )
        try:
            return super().clean()
        except forms.ValidationError:
            for key in keys:
                LOGIN_FAILURES.hit(key)
            raise

    def _throttle_keys(self) -> list[str]:
        name = (self.data.get("username") or "").strip().lower()[:150]
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        return [f"name:{name}", f"address:{address}"]
