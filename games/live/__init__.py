"""The live path of a match: its socket (router and parts), the fragments rendered for each
viewer and the pushes that carry them (docs/architecture.md, "A move's path")."""
