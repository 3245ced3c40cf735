"""The pure part of tournaments: pairing and standings for round robin, Swiss and Arena, as
functions of plain records (no Django, no I/O, no clock: like the rules engines), so the
app stores and schedules while these decide who meets whom and who leads."""

from .arena import arena_pairing
from .round_robin import round_robin_schedule
from .standings import standings
from .swiss import swiss_pairing
from .types import FORMATS, Entrant, Pairing, Result, Standing, Table

__all__ = [
    "FORMATS",
    "Entrant",
    "Pairing",
    "Result",
    "Standing",
    "Table",
    "arena_pairing",
    "round_robin_schedule",
    "standings",
    "swiss_pairing",
]
