"""Rebuilds every rating from the finished rated matches, in the order of their end."""

from django.core.management.base import BaseCommand

from ratings import services


class Command(BaseCommand):
    help = "Forget every rating and rate every finished rated match again, in order of its end."

    def handle(self, *args, **options):
        rated = services.recompute()
        self.stdout.write(f"Rated {rated} matches again.")
