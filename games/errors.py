"""The one error the services raise for a refused action, below every module that raises it."""


class Refused(Exception):
    """An action the server refuses; ``str(error)`` is written for the player."""
