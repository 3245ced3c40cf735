"""Programs' clients of the table: they talk to it over its HTTP Bot API only (docs/api.md)
and import nothing of the server's apps (pyproject.toml's import contracts hold this), so
they run on any machine that can reach the table."""
