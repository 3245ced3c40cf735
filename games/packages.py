"""The one list of the table's games: a line per game package, in docs/rules.md order (the
lobby's order). Adding a game is its package plus its line here (docs/architecture.md,
"Adding a game").

Names only, no imports, so every side reads the same list without loading the others: the
registry (``games.registry``) takes each package's declaration (``<package>.game``), the
computer players its bot knowledge (``<package>.bot``, pure like the engine), the settings its
stylesheets and scripts (``<package>/static/``).
"""

PACKAGES: tuple[str, ...] = (
    "games.high_voltage",
    "games.high_voltage_companies",
    "games.hive",
    "games.triangulum",
    "games.powerdrain",
)
