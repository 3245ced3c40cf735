"""Challenges by name (issue #27): one member asks another (a person or a program) to play a
game on given terms; accepting creates the match with both seated, and it starts."""
