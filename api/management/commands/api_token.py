"""``manage.py api_token USERNAME [--name NAME]``: prints a new API token for a member."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from api.tokens import TokenRefused, token_create


class Command(BaseCommand):
    help = "Prints a new API token for USERNAME (shown this once; docs/api.md)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="manage.py api_token")

    def handle(self, *args, username, name, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no user {username!r}.")
        try:
            _, plain = token_create(user, name)
        except TokenRefused as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(plain)
