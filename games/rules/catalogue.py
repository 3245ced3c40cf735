"""The rules side's list of the games: each game's bot knowledge (``games/rules/<game>/bot.py``,
which holds its engine), in docs/rules.md order. Pure like the engines, so the computer
players and the settings read it without the web layer; it is the bots' one door to a
game, and the table's declarations (``games.declaration.Game.bot``) name the same knowledge.
"""

from __future__ import annotations

from games.rules.high_voltage import bot as high_voltage
from games.rules.high_voltage_companies import bot as high_voltage_companies
from games.rules.hive import bot as hive
from games.rules.knowledge import Knowledge
from games.rules.powerdrain import bot as powerdrain
from games.rules.triangulum import bot as triangulum

_BOTS = (high_voltage, high_voltage_companies, hive, triangulum, powerdrain)
KNOWLEDGE: dict[str, Knowledge] = {bot.KNOWLEDGE.engine.slug: bot.KNOWLEDGE for bot in _BOTS}
#: slug -> the package's name, under games/rules/ and games/ alike.
PACKAGES: dict[str, str] = {bot.KNOWLEDGE.engine.slug: bot.__name__.split(".")[2] for bot in _BOTS}
