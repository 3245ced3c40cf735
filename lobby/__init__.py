"""The lobby: games and their rules, creating matches, open, live and own matches."""
