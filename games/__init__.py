"""The five games: pure rules engines (one package each) and the web layer that plays them."""
