"""A bridge from the Software Challenge 2020 ("swc_2020_hive") XML protocol to the Bot API,
so the season's programs play Hive at the table unchanged (docs/api.md, "Software
Challenge programs").

The program connects to the bridge over TCP as it connected to the season's server;
the bridge turns the table's game stream into the protocol's messages (``messages``: the
memento from the API's view) and the program's moves into move codes (``moves``), over
the HTTP API alone (``api``). ``match`` plays one match; ``bridge`` plays them all, several
at once, each program reaching its own through the port they share (``listener``).
"""
