"""A move's storage below the models: the statements written out once per process, the
seats' query, the match log replayed once and the move list in words drawn from it."""
