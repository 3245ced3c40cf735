"""Learn to play: a hands-on lesson per game, on the real board (docs/architecture.md)."""
